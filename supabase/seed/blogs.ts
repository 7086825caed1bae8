/**
 * Writers and blog articles. Each article is written from its brief: the brief's introduction,
 * then sections in the shape of its format (a guide, a budget round-up or a how-to), built from
 * the category's advice and from real seeded products, embedded with the shop's product tags.
 */
import { ARTICLES, CLOSINGS, LEADS, METHODS, VERDICTS, WHERE_TO_BUY, WRITERS, type ArticleBrief } from './data/blogs.ts';
import { PERSONALITIES, type Gender, type PersonalityKey } from './data/personalities.ts';
import { truncate, type Categories, type CategoryRow, type Gift } from './catalogue.ts';
import { avatarImage, blogHeroImage, mediaUrl, type MediaFile } from './images.ts';
import { daysBefore, demoId, seeded, slugify, type Rng } from './random.ts';

export interface WriterRow {
  id: string;
  name: string;
  image_url: string;
  description: string;
  created_at: string;
  updated_at: string;
}

export interface BlogRow {
  id: string;
  title: string;
  content: string;
  excerpt: string;
  category_id: string;
  gender_category: Gender;
  image_url: string;
  publish_date: string;
  writer_id: string;
  author: string;
  featured: boolean;
  created_at: string;
  updated_at: string;
}

const WRITER_COLOURS = ['#E0B99A', '#5B8DEF', '#E38FB6', '#4E9F6B', '#D9825B', '#2A9D8F', '#8E7CC3'];

export function buildWriters(now: Date): { rows: WriterRow[]; files: MediaFile[] } {
  const created = daysBefore(now, 320).toISOString();
  const files: MediaFile[] = [];
  const rows = WRITERS.map((w, i) => {
    const path = `writers/${slugify(w.name)}.webp`;
    files.push({ path, svg: avatarImage(`writer:${i}`, WRITER_COLOURS[i % WRITER_COLOURS.length]!) });
    return {
      id: demoId('writer', i), name: w.name, image_url: mediaUrl(path), description: w.description,
      created_at: created, updated_at: created,
    };
  });
  return { rows, files };
}

/** An attribute value the embed tags can carry: no double quotes, no angle brackets. */
const attribute = (text: string) => text.replace(/"/g, "'").replace(/[<>]/g, '');

const firstSentence = (text: string) => text.match(/^.*?[.!?](?=\s|$)/)?.[0] ?? text;

const dollars = (price: number) => `$${price.toFixed(2)}`;

function priceLine(price: number): string {
  if (price <= 50) return `At ${dollars(price)} it is an easy yes for a birthday, a secret Santa or a thank-you.`;
  if (price <= 250) return `At ${dollars(price)} it sits comfortably in birthday and anniversary territory.`;
  if (price <= 450) return `At ${dollars(price)} it is a splurge, but one that gets used for years.`;
  return `At ${dollars(price)} it is a big-occasion gift, the kind people still mention years later.`;
}

/** 'Amazon', 'Amazon and Etsy', 'Amazon, Etsy and Target'. */
const listing = (names: string[]) =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

function productSection(gift: Gift, verdict: string, r: Rng): string {
  const p = gift.row;
  const retailers = listing(p.affiliate_links.map((l) => l.platform));
  return [
    `### [${p.name}](/products/${p.id})`,
    `${firstSentence(p.description)} ${verdict} ${priceLine(p.price)} ${r.pick(WHERE_TO_BUY).replace('{retailers}', retailers)}`,
    `<product-embed productId="${p.id}" title="${attribute(p.name)}" excerpt="${attribute(p.tagline)}" description="${attribute(firstSentence(p.description))}"></product-embed>`,
  ].join('\n\n');
}

function threeProducts(title: string, excerpt: string, gifts: Gift[]): string {
  const ids = JSON.stringify(gifts.map((g) => g.row.id));
  return `<three-products title="${attribute(title)}" excerpt="${attribute(excerpt)}" productid='${ids}'></three-products>`;
}

const bullets = (items: string[]) => items.map((t) => `- ${t}`).join('\n');
const numbered = (items: string[]) => items.map((t, i) => `${i + 1}. ${t}`).join('\n');

interface ArticleContext {
  brief: ArticleBrief;
  r: Rng;
  picks: Gift[];
  /** One verdict per pick, none repeated. */
  verdicts: string[];
  more: Gift[];
  /** The personality whose advice the article gives. */
  lead: PersonalityKey;
  links: { quiz: string; category: string; categoryUrl: string; budgetUrl: string };
}

function closing({ r, links }: ArticleContext): string {
  return r.pick(CLOSINGS)
    .replace('{quiz}', links.quiz)
    .replaceAll('{category}', links.category)
    .replace('{categoryUrl}', links.categoryUrl)
    .replace('{budgetUrl}', links.budgetUrl);
}

const FORMATS: Record<ArticleBrief['format'], (c: ArticleContext) => string[]> = {
  guide: (c) => {
    const p = PERSONALITIES[c.lead];
    return [
      c.r.pick(LEADS.guide),
      `## What ${p.people} actually want`,
      p.insight,
      'A few rules of thumb before you choose:',
      bullets(c.r.sample(p.tips, 4)),
      '## Our picks',
      ...c.picks.map((g, i) => productSection(g, c.verdicts[i]!, c.r)),
      '## More ideas worth a look',
      'Three more that only just missed the main list. Any of them would make a lovely gift on its own, or a good add-on to one of the picks above.',
      threeProducts(`More gifts for ${p.people}`, 'Three more ideas we keep coming back to.', c.more),
      '## How we chose',
      c.r.pick(METHODS),
      '## Before you wrap it',
      closing(c),
    ];
  },
  budget: (c) => {
    const p = PERSONALITIES[c.lead];
    const cap = c.brief.maxPrice;
    const tiers: [number, string][] = cap
      ? [[cap / 2, `Under $${cap / 2}`], [cap, `$${cap / 2} to $${cap}`]]
      : [[50, 'Under $50'], [150, '$50 to $150'], [Infinity, 'Worth the splurge']];
    const sorted = [...c.picks].sort((a, b) => a.row.price - b.row.price);
    const verdict = (g: Gift) => c.verdicts[c.picks.indexOf(g)]!;
    const sections = tiers.flatMap(([limit, heading], i) => {
      const floor = i === 0 ? -1 : tiers[i - 1]![0];
      const inTier = sorted.filter((g) => g.row.price > floor && g.row.price <= limit);
      return inTier.length ? [`## ${heading}`, ...inTier.map((g) => productSection(g, verdict(g), c.r))] : [];
    });
    return [
      c.r.pick(LEADS.budget),
      ...sections,
      `## Quick tips for buying for ${p.people}`,
      bullets(c.r.sample(p.tips, 3)),
      '## Three more to consider',
      'If none of the above is quite right, these three are close runners-up at similar prices.',
      threeProducts('Close runners-up', `More gifts for ${p.people}, at every budget.`, c.more),
      '## How we chose',
      c.r.pick(METHODS),
      '## The bottom line',
      closing(c),
    ];
  },
  howto: (c) => {
    const p = PERSONALITIES[c.lead];
    return [
      c.r.pick(LEADS.howto),
      `## How to choose a gift for ${p.person}`,
      p.insight,
      numbered(c.r.sample(p.tips, 5)),
      '## What we recommend',
      ...c.picks.map((g, i) => productSection(g, c.verdicts[i]!, c.r)),
      '## If you want to go further',
      'Once the basics are covered, these three take things up a level.',
      threeProducts('Going further', `Next steps for ${p.people}.`, c.more),
      '## How we tested',
      c.r.pick(METHODS),
      '## One last thing',
      closing(c),
    ];
  },
};

function fitsAudience(gift: Gift, audience: Gender): boolean {
  return audience === 'for_both' || gift.row.gender_category === audience || gift.row.gender_category === 'for_both';
}

/**
 * The products an article recommends: from its personalities and within its budget; first those
 * in its focus subcategories and for its audience, then the closest others.
 */
function chooseProducts(
  brief: ArticleBrief, gifts: Gift[], subcategoryNames: Map<string, string>, r: Rng,
): { picks: Gift[]; more: Gift[] } {
  const wanted = brief.format === 'budget' ? 5 : 4;
  const drawn = gifts.filter((g) => g.personality !== null && brief.draws.includes(g.personality)
    && (brief.maxPrice === undefined || g.row.price <= brief.maxPrice));
  const onTopic = (g: Gift) =>
    !brief.focus || g.row.subcategory_ids.some((id) => brief.focus!.includes(subcategoryNames.get(id) ?? ''));
  const distance = (g: Gift) => (onTopic(g) ? 0 : 2) + (fitsAudience(g, brief.audience) ? 0 : 1);
  const pool = [0, 1, 2, 3].flatMap((d) => r.shuffle(drawn.filter((g) => distance(g) === d)));
  if (pool.length < wanted + 3) throw new Error(`seed: too few products for the article '${brief.title}'`);
  return { picks: pool.slice(0, wanted), more: pool.slice(wanted, wanted + 3) };
}

export function buildBlogs(
  categories: Categories, gifts: Gift[], writers: WriterRow[], now: Date,
): { rows: BlogRow[]; files: MediaFile[] } {
  const files: MediaFile[] = [];
  const subcategoryNames = new Map(categories.subcategories.map((s) => [s.id, s.name]));
  const rows = ARTICLES.map((brief, index) => {
    const r = seeded(`blog:${index}`);
    const category: CategoryRow | undefined =
      categories.blog[brief.category] ?? categories.personality[brief.category as PersonalityKey];
    if (!category) throw new Error(`seed: the article '${brief.title}' names an unknown category ${brief.category}`);
    const lead = brief.draws[0]!;
    const shop = categories.personality[lead];
    const { picks, more } = chooseProducts(brief, gifts, subcategoryNames, r);
    const context: ArticleContext = {
      brief, r, picks, more, lead, verdicts: r.sample(VERDICTS, picks.length),
      links: {
        quiz: `/quiz-detail/${brief.audience}`,
        category: shop.name,
        categoryUrl: `/categories/${shop.id}/${brief.audience}`,
        budgetUrl: `/products?category=${shop.id}&priceMax=50`,
      },
    };
    const content = [brief.intro, ...FORMATS[brief.format](context)].join('\n\n') + '\n';

    const path = `blogs/${slugify(brief.title)}.webp`;
    files.push({ path, svg: blogHeroImage(`blog:${index}`, category.color, picks.map((g) => g.shape)) });
    const published = daysBefore(now, r.float(1, 200)).toISOString();
    const writer = writers[brief.writer % writers.length]!;
    return {
      id: demoId('blog', index),
      title: brief.title,
      content,
      excerpt: truncate(firstSentence(brief.intro), 200),
      category_id: category.id,
      gender_category: brief.audience,
      image_url: mediaUrl(path),
      publish_date: published,
      writer_id: writer.id,
      author: writer.name,
      featured: brief.featured === true,
      created_at: published,
      updated_at: published,
    };
  });
  return { rows, files };
}
