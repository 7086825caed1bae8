/**
 * The demo catalogue as plain rows: platforms, categories, subcategories and products, with the
 * pictures they reference. Pure: the same `now` gives the same rows; nothing here touches the
 * database or the disk.
 */
import { ITEMS, HIDDEN_ITEMS, type ItemKind, type Shape } from './data/items.ts';
import { PERSONALITIES, PERSONALITY_KEYS, type Gender, type PersonalityKey } from './data/personalities.ts';
import {
  BLOG_CATEGORIES, CURATED, GIFT_LINES, HIDDEN, RETAILERS, RETAILER_AFFINITY, VARIANT_COLOURS,
} from './data/shop.ts';
import {
  bannerImage, categoryImage, mediaUrl, productImage, smallBannerImage, type MediaFile, type ProductPicture,
} from './images.ts';
import { daysBefore, demoId, seeded, slugify, type Rng } from './random.ts';

export const PRODUCTS_PER_PERSONALITY = 16;

export interface CategoryRow {
  id: string;
  name: string;
  description: string;
  short_description: string;
  image_url: string;
  image_url_banner: string | null;
  image_url_banner_small: string | null;
  color: string;
  visible: boolean;
  type: string[];
  gender_category: Gender;
  personality: string | null;
  featured: boolean;
  created_at: string;
  updated_at: string;
}

export interface SubcategoryRow {
  id: string;
  category_id: string;
  name: string;
  description: string;
  gender_category: Gender;
  color: string;
  created_at: string;
  updated_at: string;
}

export interface AffiliateLink {
  platform: string;
  title: string;
  url: string;
}

export interface ProductRow {
  id: string;
  name: string;
  description: string;
  price: number;
  image_url: string;
  media_urls: { type: 'image'; url: string }[];
  variants: { name: string; image_url: string }[];
  affiliate_links: AffiliateLink[];
  category_ids: string[];
  subcategory_ids: string[];
  gender_category: Gender;
  tagline: string;
  seo_title: string;
  seo_description: string;
  seo_keywords: string[];
  created_at: string;
  updated_at: string;
}

/** A product row and what the rest of the seed needs to know about it. */
export interface Gift {
  row: ProductRow;
  personality: PersonalityKey | null;
  shape: Shape;
}

export interface Categories {
  rows: CategoryRow[];
  subcategories: SubcategoryRow[];
  personality: Record<PersonalityKey, CategoryRow>;
  /** Subcategory ids of each personality category, in the order of its data. */
  subcategoryIds: Record<PersonalityKey, string[]>;
  curated: CategoryRow;
  hidden: CategoryRow;
  /** The blog-only categories, by key. */
  blog: Record<string, CategoryRow>;
  files: MediaFile[];
}

export const platformRows = () => RETAILERS.map((r) => ({ id: demoId('platform', r.name), name: r.name }));

/** The shapes a category's products are drawn as, in the order of its data, for its own pictures. */
const categoryShapes = (key: PersonalityKey): Shape[] => [...new Set(ITEMS[key].map((item) => item.shape))];

// ---------------------------------------------------------------------------------------------
// Categories

interface CategoryDraft {
  key: string;
  name: string;
  description: string;
  short: string;
  color: string;
  gender: Gender;
  types: string[];
  /** What its tile and banners show. */
  shapes: Shape[];
  banner?: boolean;
  personality?: string;
  featured?: boolean;
  visible?: boolean;
}

/** A category row, adding its tile (and banners) to `files`. */
function categoryRow(draft: CategoryDraft, created: string, files: MediaFile[]): CategoryRow {
  const slug = slugify(draft.key);
  const seed = `category:${draft.key}`;
  files.push({ path: `categories/${slug}.webp`, svg: categoryImage(seed, draft.color, draft.shapes) });
  if (draft.banner) {
    files.push({ path: `categories/${slug}-banner.webp`, svg: bannerImage(seed, draft.color, draft.shapes) });
    files.push({ path: `categories/${slug}-banner-small.webp`, svg: smallBannerImage(seed, draft.color, draft.shapes) });
  }
  return {
    id: demoId('category', draft.key),
    name: draft.name,
    description: draft.description,
    short_description: draft.short,
    image_url: mediaUrl(`categories/${slug}.webp`),
    image_url_banner: draft.banner ? mediaUrl(`categories/${slug}-banner.webp`) : null,
    image_url_banner_small: draft.banner ? mediaUrl(`categories/${slug}-banner-small.webp`) : null,
    color: draft.color,
    visible: draft.visible ?? true,
    type: draft.types,
    gender_category: draft.gender,
    personality: draft.personality ?? null,
    featured: draft.featured ?? false,
    created_at: created,
    updated_at: created,
  };
}

/** The twenty personality categories and their subcategories, the curated, hidden and blog-only ones. */
export function buildCategories(now: Date): Categories {
  const created = daysBefore(now, 300).toISOString();
  const files: MediaFile[] = [];

  const personality = {} as Record<PersonalityKey, CategoryRow>;
  const subcategoryIds = {} as Record<PersonalityKey, string[]>;
  const subcategories: SubcategoryRow[] = [];
  for (const key of PERSONALITY_KEYS) {
    const p = PERSONALITIES[key];
    const category = categoryRow(
      { ...p, key, personality: key, types: ['product', 'blog', 'quiz'], shapes: categoryShapes(key) },
      created, files,
    );
    personality[key] = category;
    subcategoryIds[key] = p.subcategories.map((s, i) => {
      const id = demoId('subcategory', `${key}:${i}`);
      subcategories.push({
        id, category_id: category.id, name: s.name, description: s.description,
        gender_category: p.gender, color: p.color, created_at: created, updated_at: created,
      });
      return id;
    });
  }

  const curated = categoryRow(
    { ...CURATED, gender: 'for_both', types: ['product'], shapes: ['box', 'orb'], featured: true }, created, files,
  );
  const hidden = categoryRow(
    { ...HIDDEN, gender: 'for_both', types: ['product'], shapes: ['box', 'cylinder'], visible: false }, created, files,
  );
  const blog: Record<string, CategoryRow> = {};
  for (const c of BLOG_CATEGORIES) {
    const shapes = c.draws.flatMap((key) => categoryShapes(key).slice(0, 1));
    blog[c.key] = categoryRow({ ...c, types: ['blog'], shapes }, created, files);
  }

  return {
    rows: [...Object.values(personality), curated, hidden, ...Object.values(blog)],
    subcategories, personality, subcategoryIds, curated, hidden, blog, files,
  };
}

// ---------------------------------------------------------------------------------------------
// Products

const KEYWORD_STOP_WORDS = new Set(['with', 'that', 'this', 'from', 'they', 'have', 'unique']);

/** SEO keywords as the admin form makes them: lowercase words over 3 letters, at most 8. */
export function seoKeywords(...texts: string[]): string[] {
  const words = texts.join(' ').toLowerCase().match(/[a-z0-9][a-z0-9-]*/g) ?? [];
  return [...new Set(words.filter((w) => w.length > 3 && !KEYWORD_STOP_WORDS.has(w)))].slice(0, 8);
}

/** At most `max` characters, cut at a word, with an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[\s,.;:]+$/, '')}…`;
}

const CENTS = [0.99, 0.99, 0.99, 0.95, 0.95, 0.5, 0.0, 0.49];

/** A shop price within the kind's range, leaning to the cheaper end, ending in familiar cents. */
function shopPrice(r: Rng, [min, max]: [number, number]): number {
  const base = min + (max - min) * r.next() ** 1.6;
  return Math.max(8, Math.floor(base) + r.pick(CENTS));
}

const GENDER_MIX: Record<Gender, number[]> = {
  // weights of for_him, for_her, for_both
  for_him: [55, 5, 40],
  for_her: [5, 55, 40],
  for_both: [22, 22, 56],
};
const GENDERS: Gender[] = ['for_him', 'for_her', 'for_both'];

function affiliateLinks(r: Rng, key: PersonalityKey, name: string): AffiliateLink[] {
  const preferred = RETAILER_AFFINITY[key] ?? ['Walmart', 'Target', 'Uncommon Goods'];
  const others = RETAILERS.map((x) => x.name).filter((n) => n !== 'Amazon' && !preferred.includes(n));
  const count = r.int(2, 4);
  const chosen = r.chance(0.85) ? ['Amazon'] : [];
  for (const candidate of [...r.shuffle(preferred), ...r.shuffle(others)]) {
    if (chosen.length >= count) break;
    if (r.chance(0.75)) chosen.push(candidate);
  }
  for (const candidate of [...preferred, ...others]) {
    if (chosen.length >= count) break;
    if (!chosen.includes(candidate)) chosen.push(candidate);
  }
  const slug = slugify(name);
  return chosen.map((platform) => {
    const retailer = RETAILERS.find((x) => x.name === platform) ?? RETAILERS[0]!;
    return { platform, title: `Buy on ${platform}`, url: retailer.url(slug, r.int(10_000_000, 99_999_999)) };
  });
}

export interface ProductText {
  name: string;
  description: string;
  tagline: string;
  price: number;
  gender: Gender;
  affiliate_links: AffiliateLink[];
  seo_title: string;
  seo_description: string;
  seo_keywords: string[];
}

/** The words of one product: name, description, price, audience, retailers and SEO fields. */
export function describeProduct(r: Rng, key: PersonalityKey, kind: ItemKind, mod: string, brand?: string): ProductText {
  const p = PERSONALITIES[key];
  const name = `${brand ? `${brand} ` : ''}${mod} ${kind.name}`;
  const sentences = [kind.what, r.pick(p.details)];
  if (r.chance(0.6)) sentences.push(r.pick(GIFT_LINES));
  const description = sentences.join(' ');
  return {
    name,
    description,
    tagline: r.pick(p.taglines),
    price: shopPrice(r, kind.price),
    gender: kind.gender ?? GENDERS[r.weighted(GENDER_MIX[p.gender])]!,
    affiliate_links: affiliateLinks(r, key, name),
    seo_title: `${name} | ${p.name} Gifts`,
    seo_description: truncate(description, 155),
    seo_keywords: seoKeywords(name, p.name, description),
  };
}

/** When a product was added: ~15% within the 30-day 'new' window, the rest up to 240 days back. */
export function createdAt(r: Rng, now: Date): Date {
  const days = r.chance(0.15) ? r.float(0.2, 29.5) : r.float(31, 240);
  return daysBefore(now, days);
}

interface Draft {
  key: PersonalityKey;
  kind: ItemKind;
  mod: string;
}

/** Sixteen distinct kind + word pairs per personality, in a stable shuffled order. */
function drafts(): Draft[] {
  return PERSONALITY_KEYS.flatMap((key) => {
    const pairs = ITEMS[key].flatMap((kind) => kind.mods.map((mod) => ({ key, kind, mod })));
    // Every kind once before any kind twice, so each category shows its whole range.
    const r = seeded(`products:${key}`);
    const firsts = r.shuffle(ITEMS[key].map((kind) => ({ key, kind, mod: r.pick(kind.mods) })));
    const rest = r.shuffle(pairs.filter((d) => !firsts.some((f) => f.kind === d.kind && f.mod === d.mod)));
    return [...firsts, ...rest].slice(0, PRODUCTS_PER_PERSONALITY);
  });
}

function subcategoriesOf(r: Rng, kind: ItemKind, ids: string[]): string[] {
  if (r.chance(0.08)) return [];
  const picks = Array.isArray(kind.sub) ? kind.sub : [kind.sub];
  return picks.map((i) => ids[i]).filter((id): id is string => id !== undefined);
}

export interface Products {
  gifts: Gift[];
  files: MediaFile[];
}

export function buildProducts(categories: Categories, now: Date): Products {
  const files: MediaFile[] = [];
  const gifts: Gift[] = drafts().map(({ key, kind, mod }, index) => {
    const r = seeded(`product:${index}`);
    const text = describeProduct(r, key, kind, mod);
    const primary = categories.personality[key];
    const related = r.chance(0.3) ? categories.personality[r.pick(PERSONALITIES[key].related)] : null;
    const slug = `${index}-${slugify(text.name)}`;
    const picture: ProductPicture = { seed: `product:${index}`, shape: kind.shape, colour: primary.color };
    const views = r.int(3, 5);
    for (let view = 0; view <= views; view++) {
      files.push({ path: `products/${slug}-${view}.webp`, svg: productImage(picture, view) });
    }
    const colours = kind.colours ? r.sample(VARIANT_COLOURS, r.int(2, 4)) : [];
    for (const c of colours) {
      files.push({ path: `products/${slug}-${slugify(c.name)}.webp`, svg: productImage({ ...picture, objectColour: c.hex }) });
    }
    const created = createdAt(r, now).toISOString();
    return {
      personality: key,
      shape: kind.shape,
      row: {
        id: demoId('product', index),
        name: text.name,
        description: text.description,
        price: text.price,
        image_url: mediaUrl(`products/${slug}-0.webp`),
        media_urls: Array.from({ length: views }, (_, i) => ({ type: 'image' as const, url: mediaUrl(`products/${slug}-${i + 1}.webp`) })),
        variants: colours.map((c) => ({ name: c.name, image_url: mediaUrl(`products/${slug}-${slugify(c.name)}.webp`) })),
        affiliate_links: text.affiliate_links,
        category_ids: related ? [primary.id, related.id] : [primary.id],
        subcategory_ids: subcategoriesOf(r, kind, categories.subcategoryIds[key]),
        gender_category: text.gender,
        tagline: text.tagline,
        seo_title: text.seo_title,
        seo_description: text.seo_description,
        seo_keywords: text.seo_keywords,
        created_at: created,
        updated_at: created,
      },
    };
  });

  // The curated list: one product from every personality, then a few more at random.
  const r = seeded('products:curated');
  const firstOfEach = PERSONALITY_KEYS.map((key) => gifts.find((g) => g.personality === key)!);
  const extra = r.sample(gifts.filter((g) => !firstOfEach.includes(g)), CURATED.size - firstOfEach.length);
  for (const gift of [...firstOfEach, ...extra]) gift.row.category_ids.push(categories.curated.id);

  HIDDEN_ITEMS.forEach((item, i) => {
    const index = gifts.length;
    const slug = `${index}-${slugify(item.name)}`;
    const picture: ProductPicture = { seed: `product:${index}`, shape: item.shape, colour: categories.hidden.color };
    files.push({ path: `products/${slug}-0.webp`, svg: productImage(picture, 0) });
    for (let view = 1; view <= 3; view++) files.push({ path: `products/${slug}-${view}.webp`, svg: productImage(picture, view) });
    const created = daysBefore(now, 200 + i * 3).toISOString();
    const description = `${item.what} A favourite from last winter, now retired until the season comes round again.`;
    gifts.push({
      personality: null,
      shape: item.shape,
      row: {
        id: demoId('product', index),
        name: item.name,
        description,
        price: item.price,
        image_url: mediaUrl(`products/${slug}-0.webp`),
        media_urls: [1, 2, 3].map((view) => ({ type: 'image' as const, url: mediaUrl(`products/${slug}-${view}.webp`) })),
        variants: [],
        affiliate_links: [
          { platform: 'Amazon', title: 'Buy on Amazon', url: RETAILERS[0]!.url(slugify(item.name), 40_000_000 + i) },
          { platform: 'Target', title: 'Buy on Target', url: RETAILERS[3]!.url(slugify(item.name), 50_000_000 + i) },
        ],
        category_ids: [categories.hidden.id],
        subcategory_ids: [],
        gender_category: 'for_both',
        tagline: 'Seasonal favourite',
        seo_title: `${item.name} | Holiday Gifts`,
        seo_description: truncate(description, 155),
        seo_keywords: seoKeywords(item.name, description),
        created_at: created,
        updated_at: created,
      },
    });
  });

  return { gifts, files };
}
