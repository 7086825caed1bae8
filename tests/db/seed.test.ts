import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { verifyPassword } from '../../supabase/local/auth/passwords.ts';
import { PERSONALITY_KEYS } from '../../supabase/seed/data/personalities.ts';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, DEMO_SHOPPER_EMAIL, seedDemo, type DemoSummary } from '../../supabase/seed/demo.ts';
import { MEDIA_URL } from '../../supabase/seed/images.ts';
import { seedScale } from '../../supabase/seed/scale.ts';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';

// A Wednesday, so last week and last month are whole calendar windows before it.
const NOW = new Date('2026-11-18T10:30:00Z');
const DAY = 86_400_000;
/** A demo picture's largest file: a few kilobytes, as the shop's pages are weighed with them. */
const PICTURE_BYTES = 16_000;

let db: TestDatabase;
let mediaDir: string;
let summary: DemoSummary;

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'giftshop-seed-'));
  db = await openTestDatabase();
  summary = await seedDemo(db, { mediaDir, now: NOW });
});

afterAll(async () => {
  await db?.drop();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

async function rows<R extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]> {
  return (await db.query<R>(sql, params)).rows;
}

const asAnon = { role: 'anon', claims: { role: 'anon' } } as const;

describe('determinism', () => {
  test('two databases seeded with the same now hold the same products, blogs and pictures', async () => {
    const otherDir = await mkdtemp(join(tmpdir(), 'giftshop-seed-'));
    const other = await openTestDatabase();
    try {
      await seedDemo(other, { mediaDir: otherDir, now: NOW });
      const catalogue = `select id, name, price::text, created_at, category_ids, subcategory_ids, affiliate_links
                           from public.products order by id`;
      const blogs = 'select id, title, content, publish_date from public.blogs order by id';
      expect((await other.query(catalogue)).rows).toEqual(await rows(catalogue));
      expect((await other.query(blogs)).rows).toEqual(await rows(blogs));
      const prices = 'select product_id, platform, price::text, scraped_at from public.price_history order by 1, 2, 4';
      expect((await other.query(prices)).rows).toEqual(await rows(prices));
      const [first] = await rows<{ image_url: string }>('select image_url from public.products order by id limit 1');
      const file = first!.image_url.slice(MEDIA_URL.length + 1);
      expect(await readFile(join(otherDir, file))).toEqual(await readFile(join(mediaDir, file)));
    } finally {
      await other.drop();
      await rm(otherDir, { recursive: true, force: true });
    }
  });

  test('a database that already has a catalogue is refused', async () => {
    await expect(seedDemo(db, { mediaDir, now: NOW })).rejects.toThrow(/already has a catalogue/);
  });
});

describe('catalogue', () => {
  test('has the shop-sized counts the summary reports', async () => {
    const [counts] = await rows<Record<string, number>>(`select
      (select count(*)::int from public.platforms) as platforms,
      (select count(*)::int from public.products) as products,
      (select count(*)::int from public.blogs) as blogs,
      (select count(*)::int from public.writers) as writers,
      (select count(*)::int from public.quizzes) as quizzes`);
    expect(counts).toMatchObject({ platforms: 6, quizzes: 1 });
    expect(counts!.products).toBeGreaterThanOrEqual(300);
    expect(counts!.products).toBeLessThanOrEqual(340);
    expect(counts!.blogs).toBeGreaterThanOrEqual(35);
    expect(counts!.blogs).toBeLessThanOrEqual(55);
    expect(counts!.writers).toBeGreaterThanOrEqual(6);
    expect(counts!.writers).toBeLessThanOrEqual(8);
    expect(summary.products).toBe(counts!.products);
    const names = await rows<{ name: string }>('select name from public.platforms order by name');
    expect(names.map((r) => r.name)).toEqual(['Amazon', 'Best Buy', 'Etsy', 'Target', 'Uncommon Goods', 'Walmart']);
  });

  test('every personality category exists with its key, typed for products, blogs and the quiz', async () => {
    const found = await rows<{ personality: string; name: string; type: string[]; visible: boolean; short_description: string }>(
      'select personality, name, type, visible, short_description from public.categories where personality is not null',
    );
    expect(found.map((c) => c.personality).sort()).toEqual([...PERSONALITY_KEYS].sort());
    for (const c of found) {
      expect(c.visible).toBe(true);
      expect([...c.type].sort()).toEqual(['blog', 'product', 'quiz']);
      expect(c.short_description.length).toBeLessThanOrEqual(240);
      expect(c.name).not.toMatch(/^[a-z]+[A-Z]/); // a human name, not the key
    }
    const banners = await rows<{ n: number }>(
      `select count(*)::int as n from public.categories
        where personality is not null and image_url_banner is not null and image_url_banner_small is not null`,
    );
    expect(banners[0]!.n).toBeGreaterThanOrEqual(5);
    expect(banners[0]!.n).toBeLessThanOrEqual(9);
  });

  test('has the curated, blog-only and hidden categories, and visitors do not see the hidden one', async () => {
    const curated = await rows<{ name: string; products: number }>(
      `select c.name, (select count(*)::int from public.products p where p.category_ids @> array[c.id]) as products
         from public.categories c where c.featured`,
    );
    expect(curated).toHaveLength(1);
    expect(curated[0]!.products).toBeGreaterThanOrEqual(20);
    const blogOnly = await rows<{ name: string }>(`select name from public.categories where type = '{blog}'`);
    expect(blogOnly.map((c) => c.name)).toEqual(expect.arrayContaining([
      'Travel Essentials', 'Tech Enthusiast', 'Outdoor Adventurer', 'Digital Nomad', 'Fitness Enthusiast',
      'Home & Living', 'Fashion & Style',
    ]));
    const hidden = await rows<{ id: string; products: number }>(
      `select c.id, (select count(*)::int from public.products p where p.category_ids @> array[c.id]) as products
         from public.categories c where not c.visible`,
    );
    expect(hidden).toHaveLength(1);
    expect(hidden[0]!.products).toBeGreaterThanOrEqual(2);
    const seen = await db.transaction(
      async (tx) => (await tx.query('select id from public.categories where id = $1', [hidden[0]!.id])).rows,
      asAnon,
    );
    expect(seen).toEqual([]);
  });

  test('every product category has three to five subcategories', async () => {
    const counts = await rows<{ n: number }>(
      `select count(s.id)::int as n from public.categories c left join public.subcategories s on s.category_id = c.id
        where c.personality is not null group by c.id`,
    );
    for (const { n } of counts) expect(n).toBeGreaterThanOrEqual(3);
    for (const { n } of counts) expect(n).toBeLessThanOrEqual(5);
  });

  test('products spread over every price bucket, audience and the new-badge window', async () => {
    const products = await rows<{
      price: string; gender_category: string; created_at: Date; media: number; variants: number;
      categories: number; subcategories: number; description: string; seo_description: string;
    }>(`select price::text, gender_category, created_at, jsonb_array_length(media_urls) as media,
               jsonb_array_length(variants) as variants, cardinality(category_ids) as categories,
               cardinality(subcategory_ids) as subcategories, description, seo_description
          from public.products`);
    const prices = products.map((p) => Number(p.price));
    const share = (test: (p: (typeof products)[number]) => boolean) => products.filter(test).length / products.length;
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(8);
    expect(Math.max(...prices)).toBeLessThanOrEqual(950);
    for (const [low, high] of [[0, 50], [50, 250], [250, 450], [450, 951]]) {
      expect(prices.some((p) => p > low! && p <= high!)).toBe(true);
    }
    expect(prices.filter((p) => p <= 250).length / prices.length).toBeGreaterThan(0.75);
    expect(prices.some((p) => !Number.isInteger(p))).toBe(true);
    expect(new Set(products.map((p) => p.gender_category))).toEqual(new Set(['for_him', 'for_her', 'for_both']));
    const age = (p: (typeof products)[number]) => (NOW.getTime() - new Date(p.created_at).getTime()) / DAY;
    expect(share((p) => age(p) < 30)).toBeGreaterThan(0.08);
    expect(share((p) => age(p) < 30)).toBeLessThan(0.25);
    expect(Math.max(...products.map(age))).toBeLessThanOrEqual(240);
    expect(Math.min(...products.map(age))).toBeGreaterThan(0);
    expect(share((p) => p.variants > 0)).toBeGreaterThan(0.25);
    expect(share((p) => p.variants > 0)).toBeLessThan(0.45);
    for (const p of products) {
      expect(p.media).toBeGreaterThanOrEqual(3);
      expect(p.media).toBeLessThanOrEqual(5);
      expect(p.categories).toBeGreaterThanOrEqual(1);
      expect(p.subcategories).toBeLessThanOrEqual(2);
      expect(p.description.split(/(?<=[.!?])\s+/).length).toBeGreaterThanOrEqual(2);
      expect(p.description.split(/(?<=[.!?])\s+/).length).toBeLessThanOrEqual(4);
      expect(p.seo_description.length).toBeLessThanOrEqual(155);
    }
  });

  test('every product has two to four retailer links, each with 90 days of price history but about one in 25 without any', async () => {
    const links = await rows<{ id: string; platform: string; title: string; url: string }>(
      `select p.id, l.platform, l.title, l.url
         from public.products p cross join lateral jsonb_to_recordset(p.affiliate_links) as l(platform text, title text, url text)`,
    );
    const perProduct = new Map<string, number>();
    for (const l of links) perProduct.set(l.id, (perProduct.get(l.id) ?? 0) + 1);
    for (const n of perProduct.values()) {
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(4);
    }
    for (const l of links) {
      expect(l.title).toBe(`Buy on ${l.platform}`);
      expect(l.url).toMatch(/^https:\/\/www\.[a-z]+\.com\/.*(tag|aff|ref|afid|affiliates_ad_id)=giftshop/);
    }

    const history = await rows<{ id: string; platform: string; samples: number; oldest: Date; newest: Date }>(
      `select product_id as id, platform, count(*)::int as samples, min(scraped_at) as oldest, max(scraped_at) as newest
         from public.price_history group by 1, 2`,
    );
    // About one product in 25 is left without history, so the demo shows 'No price history yet'.
    const tracked = new Set(history.map((h) => h.id));
    const untracked = perProduct.size - tracked.size;
    expect(untracked).toBeGreaterThan(0);
    expect(untracked).toBeLessThan(perProduct.size * 0.1);
    expect(history.length).toBe(links.filter((l) => tracked.has(l.id)).length);
    const linked = new Set(links.map((l) => `${l.id}:${l.platform}`));
    for (const h of history) {
      expect(linked.has(`${h.id}:${h.platform}`)).toBe(true);
      expect(h.samples).toBeGreaterThanOrEqual(20);
      expect((NOW.getTime() - new Date(h.newest).getTime()) / DAY).toBeLessThanOrEqual(2);
      expect((NOW.getTime() - new Date(h.oldest).getTime()) / DAY).toBeGreaterThanOrEqual(85);
      expect((NOW.getTime() - new Date(h.oldest).getTime()) / DAY).toBeLessThanOrEqual(91);
    }
    const drift = await rows<{ worst: string }>(
      `select max(abs(h.price / p.price - 1))::text as worst from public.price_history h join public.products p on p.id = h.product_id`,
    );
    // Drift stays within 12%, and the demo's price cuts take 15% more off the latest prices.
    expect(Number(drift[0]!.worst)).toBeLessThan(0.26);
    const drops = await rows<{ n: number }>('select count(*)::int as n from public.products where price_drop_percent is not null');
    expect(drops[0]!.n).toBeGreaterThan(perProduct.size * 0.1);
  });

  test('every picture the database names exists as a small WebP file of the expected size', async () => {
    const urls = await rows<{ url: string }>(`
      select image_url as url from public.products
      union select m ->> 'url' from public.products, jsonb_array_elements(media_urls) m
      union select v ->> 'image_url' from public.products, jsonb_array_elements(variants) v
      union select image_url from public.categories
      union select image_url_banner from public.categories where image_url_banner is not null
      union select image_url_banner_small from public.categories where image_url_banner_small is not null
      union select image_url from public.blogs
      union select image_url from public.writers`);
    expect(urls.length).toBeGreaterThan(1200);
    for (const { url } of urls) {
      expect(url.startsWith(`${MEDIA_URL}/`)).toBe(true);
      const file = join(mediaDir, url.slice(MEDIA_URL.length + 1));
      expect((await sharp(file).metadata()).format).toBe('webp');
      expect((await stat(file)).size).toBeLessThan(PICTURE_BYTES);
    }
    const dimensions = async (sql: string) => {
      const [row] = await rows<{ url: string }>(sql);
      const { width, height } = await sharp(join(mediaDir, row!.url.slice(MEDIA_URL.length + 1))).metadata();
      return [width, height];
    };
    expect(await dimensions('select image_url as url from public.products limit 1')).toEqual([600, 600]);
    expect(await dimensions('select image_url as url from public.categories limit 1')).toEqual([600, 600]);
    expect(await dimensions('select image_url_banner as url from public.categories where image_url_banner is not null limit 1')).toEqual([1600, 500]);
    expect(await dimensions('select image_url_banner_small as url from public.categories where image_url_banner_small is not null limit 1')).toEqual([800, 400]);
    expect(await dimensions('select image_url as url from public.blogs limit 1')).toEqual([1200, 630]);
    expect(await dimensions('select image_url as url from public.writers limit 1')).toEqual([200, 200]);
  });
});

describe('blogs', () => {
  const EMBED = /^<product-embed productId="([0-9a-f-]{36})" title="[^">]+" excerpt="[^">]*" description="[^">]*"><\/product-embed>$/;
  const THREE = /^<three-products title="[^">]+" excerpt="[^">]*" productid='(\[[^'>]+\])'><\/three-products>$/;

  test('one blog category has more for-both articles than one listing page holds (9)', async () => {
    const [largest] = await rows<{ n: number }>(`select count(*)::int as n from public.blogs
      where gender_category = 'for_both' group by category_id order by n desc limit 1`);
    expect(largest!.n).toBeGreaterThan(9);
  });

  test('articles embed real products on their own lines, and products_id follows the embeds', async () => {
    const blogs = await rows<{ id: string; content: string; products_id: string[]; author: string; writer: string; excerpt: string }>(
      `select b.id, b.content, b.products_id, b.author, w.name as writer, b.excerpt
         from public.blogs b join public.writers w on w.id = b.writer_id`,
    );
    const known = new Set((await rows<{ id: string }>('select id from public.products')).map((r) => r.id));
    let singles = 0;
    let threes = 0;
    for (const blog of blogs) {
      expect(blog.author).toBe(blog.writer);
      expect(blog.excerpt.length).toBeGreaterThan(20);
      const lines = blog.content.split('\n');
      const ids: string[] = [];
      lines.forEach((line, i) => {
        if (!line.startsWith('<product-embed') && !line.startsWith('<three-products')) return;
        expect(lines[i - 1]).toBe('');
        expect(lines[i + 1]).toBe('');
        const single = line.match(EMBED);
        const three = line.match(THREE);
        expect(single ?? three, line).toBeTruthy();
        if (single) { singles++; ids.push(single[1]!); }
        if (three) {
          threes++;
          const list = JSON.parse(three[1]!) as string[];
          expect(list).toHaveLength(3);
          ids.push(...list);
        }
      });
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) expect(known.has(id)).toBe(true);
      expect(blog.products_id).toEqual([...new Set(ids)]);
    }
    expect(singles).toBeGreaterThan(0);
    expect(threes).toBeGreaterThan(0);
  });

  test('articles read like articles: 400 to 1200 words with headings, lists and links', async () => {
    const blogs = await rows<{ title: string; content: string }>('select title, content from public.blogs');
    for (const { title, content } of blogs) {
      const words = content.replace(/<[^>]+>/g, ' ').split(/\s+/).filter(Boolean).length;
      expect(words, title).toBeGreaterThanOrEqual(400);
      expect(words, title).toBeLessThanOrEqual(1200);
      expect(content).toMatch(/^## /m);
      expect(content).toMatch(/^(- |1\. )/m);
      expect(content.match(/\]\(\/[^)]+\)/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    }
  });

  test('spread over categories, audiences and writers, with about eight featured', async () => {
    const [spread] = await rows<Record<string, number>>(`select
      count(distinct category_id)::int as categories, count(distinct gender_category)::int as audiences,
      count(distinct writer_id)::int as writers, count(*) filter (where featured)::int as featured,
      max(extract(epoch from ($1::timestamptz - publish_date)) / 86400)::int as oldest
      from public.blogs`, [NOW.toISOString()]);
    expect(spread!.categories).toBeGreaterThanOrEqual(15);
    expect(spread!.audiences).toBe(3);
    expect(spread!.writers).toBeGreaterThanOrEqual(6);
    expect(spread!.featured).toBeGreaterThanOrEqual(6);
    expect(spread!.featured).toBeLessThanOrEqual(10);
    expect(spread!.oldest).toBeLessThanOrEqual(200);
  });
});

describe('quiz', () => {
  test('has 12 questions of 8 answers, each pointing at 2 or 3 personalities, reaching all 20 several times', async () => {
    const [quiz] = await rows<{ title: string; gender_category: string; questions: { id: string; text: string; options: { text: string; personalities: string[] }[] }[] }>(
      'select title, gender_category, questions from public.quizzes',
    );
    expect(quiz!.title).toBe('Gift Personality Quiz');
    expect(quiz!.gender_category).toBe('for_both');
    expect(quiz!.questions).toHaveLength(12);
    const reached = new Map<string, number>();
    for (const q of quiz!.questions) {
      expect(q.options).toHaveLength(8);
      for (const o of q.options) {
        expect(o.text).not.toMatch(/^[A-H][).:]\s/);
        expect(o.personalities.length).toBeGreaterThanOrEqual(2);
        expect(o.personalities.length).toBeLessThanOrEqual(3);
        for (const p of o.personalities) {
          expect(PERSONALITY_KEYS).toContain(p);
          reached.set(p, (reached.get(p) ?? 0) + 1);
        }
      }
    }
    expect([...reached.keys()].sort()).toEqual([...PERSONALITY_KEYS].sort());
    for (const count of reached.values()) expect(count).toBeGreaterThanOrEqual(3);
  });
});

describe('accounts', () => {
  test('the demo admin can sign in with the documented password and is an admin', async () => {
    const [admin] = await rows<{ id: string; encrypted_password: string; email_confirmed_at: Date | null; full_name: string; is_admin: boolean; identities: number }>(
      `select u.id, u.encrypted_password, u.email_confirmed_at, p.full_name, p.is_admin,
              (select count(*)::int from auth.identities i where i.user_id = u.id and i.provider = 'email' and i.provider_id = u.id::text) as identities
         from auth.users u join public.profiles p on p.id = u.id where u.email = $1`,
      [DEMO_ADMIN_EMAIL],
    );
    expect(admin).toMatchObject({ full_name: 'Demo Admin', is_admin: true, identities: 1 });
    expect(admin!.email_confirmed_at).not.toBeNull();
    expect(await verifyPassword(DEMO_ADMIN_PASSWORD, admin!.encrypted_password)).toBe(true);
  });

  test('the demo shopper is not an admin and has a few liked products', async () => {
    const [shopper] = await rows<{ is_admin: boolean; liked: number }>(
      `select p.is_admin, cardinality(l.product_id) as liked
         from auth.users u join public.profiles p on p.id = u.id join public.liked_products l on l.user_id = u.id
        where u.email = $1`,
      [DEMO_SHOPPER_EMAIL],
    );
    expect(shopper!.is_admin).toBe(false);
    expect(shopper!.liked).toBeGreaterThanOrEqual(3);
  });
});

describe('clicks', () => {
  const WINDOWS = ['daily', 'weekly', 'monthly'] as const;

  test.each(WINDOWS)('popular_products has clicked products for the %s window without falling back', async (window) => {
    const ranked = await rows<{ clicks: number; ranked_window: string }>(
      `select clicks::int, ranked_window from public.popular_products($1, fallback => false, as_of => $2)`,
      [window, NOW.toISOString()],
    );
    expect(ranked.length).toBeGreaterThan(0);
    expect(ranked.every((r) => r.clicks > 0 && r.ranked_window === window)).toBe(true);
    // Skewed: the most clicked product has many times the clicks of the median one.
    expect(ranked[0]!.clicks).toBeGreaterThan(3 * ranked[Math.floor(ranked.length / 2)]!.clicks);
  });

  test('every visible product category has clicked products in every window', async () => {
    const categories = await rows<{ id: string; name: string }>(
      `select id, name from public.categories where visible and 'product' = any (type)`,
    );
    for (const category of categories) {
      for (const window of WINDOWS) {
        const ranked = await rows(
          'select id from public.popular_products($1, category_filter => $2, fallback => false, as_of => $3)',
          [window, category.id, NOW.toISOString()],
        );
        expect(ranked.length, `${category.name} ${window}`).toBeGreaterThan(0);
      }
    }
  });

  test('popular_blogs answers last week with clicked blogs', async () => {
    const ranked = await rows<{ clicks: number }>(
      `select clicks::int from public.popular_blogs('weekly', result_limit => 10, as_of => $1)`,
      [NOW.toISOString()],
    );
    expect(ranked.length).toBeGreaterThanOrEqual(4);
    expect(ranked.every((r) => r.clicks > 0)).toBe(true);
  });

  test('the analytics counters have today, yesterday, last week and last month, affiliate clicks included', async () => {
    const [totals] = await rows<Record<string, number>>(
      `select sum(today_clicks + today_affiliate_links)::int as today, sum(yesterday_clicks)::int as yesterday,
              sum(last_week)::int as last_week, sum(last_month)::int as last_month,
              sum(last_month_affiliate_links)::int as affiliate,
              count(distinct click_type)::int as types
         from public.click_analytics($1)`,
      [NOW.toISOString()],
    );
    expect(totals!.today).toBeGreaterThan(0);
    expect(totals!.yesterday).toBeGreaterThan(0);
    expect(totals!.last_week).toBeGreaterThan(0);
    expect(totals!.last_month).toBeGreaterThan(totals!.last_week!);
    expect(totals!.affiliate).toBeGreaterThan(0);
    expect(totals!.types).toBe(4);
    const [events] = await rows<{ n: number }>('select count(*)::int as n from public.click_events');
    expect(events!.n).toBeGreaterThanOrEqual(20);
  });

  test('today has had as many clicks so far as a day like yesterday, of each kind, all since midnight', async () => {
    const kinds = await rows<{ kind: string; today: number; yesterday: number }>(
      `select click_type as kind, sum(today_clicks)::int as today, sum(yesterday_clicks)::int as yesterday
         from public.click_analytics($1) group by click_type
       union all
       select 'affiliate', sum(today_affiliate_links)::int, sum(yesterday_affiliate_links)::int
         from public.click_analytics($1)`,
      [NOW.toISOString()],
    );
    const dayGoneBy = 10.5 / 24; // NOW is 10:30 UTC
    expect(kinds.map((k) => k.kind).sort()).toEqual(['affiliate', 'blog', 'category', 'product', 'quiz']);
    for (const { kind, today, yesterday } of kinds) {
      expect(today / yesterday, kind).toBeGreaterThan(dayGoneBy * 0.6);
      expect(today / yesterday, kind).toBeLessThan(dayGoneBy * 1.4);
    }
    const [span] = await rows<{ first: string; last: string }>(
      'select min(occurred_at)::text as first, max(occurred_at)::text as last from public.click_events',
    );
    expect(Date.parse(span!.first)).toBeGreaterThanOrEqual(Date.parse('2026-11-18T00:00:00Z'));
    expect(Date.parse(span!.first)).toBeLessThan(Date.parse('2026-11-18T02:00:00Z'));
    expect(Date.parse(span!.last)).toBeLessThanOrEqual(NOW.getTime());
  });

  test('a seed made just after midnight on a Monday that starts a month still answers every window', async () => {
    const midnight = '2027-03-01T00:05:00Z';
    const otherDir = await mkdtemp(join(tmpdir(), 'giftshop-seed-'));
    const other = await openTestDatabase();
    try {
      await seedDemo(other, { mediaDir: otherDir, now: new Date(midnight) });
      const { rows: empty } = await other.query<{ name: string; span: string }>(
        `select c.name, w.span
           from public.categories c, unnest(array['daily', 'weekly', 'monthly']) as w(span)
          where c.visible and 'product' = any (c.type)
            and not exists (select 1 from public.popular_products(w.span, category_filter => c.id,
                                                                   fallback => false, as_of => $1))`,
        [midnight],
      );
      expect(empty).toEqual([]);
      const { rows: events } = await other.query<{ early: number }>(
        `select count(*) filter (where occurred_at < $1::timestamptz - interval '5 minutes')::int as early
           from public.click_events`,
        [midnight],
      );
      expect(events[0]!.early).toBe(0);
    } finally {
      await other.drop();
      await rm(otherDir, { recursive: true, force: true });
    }
  });

  test('no item is clicked before it was published', async () => {
    const early = await rows(
      `select d.item_id from public.clicks_daily d
         left join public.products p on p.id = d.item_id
         left join public.blogs b on b.id = d.item_id
        where d.day < coalesce(p.created_at, b.publish_date)::date`,
    );
    expect(early).toEqual([]);
  });
});

describe('scale', () => {
  test('seedScale adds searchable products with price history and clicks on top of the demo', async () => {
    const before = summary.products;
    const kits = async () =>
      (await rows<{ total_count: number }>(`select total_count::int from public.search_products_enhanced('kit') limit 1`))[0]!.total_count;
    const kitsBefore = await kits();
    const added = await seedScale(db, { products: 600, mediaDir, now: NOW });
    expect(added.products).toBe(600);
    const [counts] = await rows<{ products: number; priced: number; clicked: number }>(`select
      (select count(*)::int from public.products) as products,
      (select count(distinct product_id)::int from public.price_history) as priced,
      (select count(distinct item_id)::int from public.clicks_daily where click_type = 'product') as clicked`);
    expect(counts!.products).toBe(before + 600);
    // About one product in 25 is left without price history (fillPriceHistory).
    expect(counts!.priced).toBeGreaterThan((before + 600) * 0.9);
    expect(counts!.priced).toBeLessThan(before + 600);
    expect(counts!.clicked).toBeGreaterThan(100);
    expect(await kits()).toBeGreaterThan(kitsBefore + 20);
  });
});
