/**
 * search_products_enhanced and search_blogs_enhanced, called as a visitor (anon) with exactly the
 * parameter names the search page sends.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';
import { anonAuth, attempt, createBlog, createCategory, createProduct, runAs, type Gender } from '../support/fixtures.ts';

let db: TestDatabase;
const id: Record<string, string> = {};
const cat: Record<string, string> = {};

interface ProductHit {
  id: string;
  name: string;
  rank: number;
  total: number;
}

interface ProductSearch {
  search_query: string;
  category_filter?: string | null;
  gender_filter?: string | null;
  price_min?: number | null;
  price_max?: number | null;
  sort_by?: string | null;
  result_limit?: number;
  result_offset?: number;
}

/** Calls search_products_enhanced with named arguments, as supabase-js' rpc() does. */
function productSearchSql(args: ProductSearch): { sql: string; params: unknown[] } {
  const names = Object.keys(args) as (keyof ProductSearch)[];
  const named = names.map((n, i) => `${n} => $${i + 1}`);
  return {
    sql: `select id, name, rank::float8 as rank, total_count::int as total
            from public.search_products_enhanced(${named.join(', ')})`,
    params: names.map((n) => args[n]),
  };
}

async function searchProducts(args: ProductSearch): Promise<ProductHit[]> {
  const { sql, params } = productSearchSql(args);
  return runAs<ProductHit & Record<string, unknown>>(db, anonAuth, sql, params);
}

const namesOf = (hits: { name?: string; title?: string }[]) => hits.map((h) => h.name ?? h.title);

beforeAll(async () => {
  db = await openTestDatabase();
  cat.tech = (await createCategory(db, { name: 'Tech Lovers' })).id;
  cat.kitchen = (await createCategory(db, { name: 'Kitchen Crew' })).id;
  cat.stories = (await createCategory(db, { name: 'Gift Stories', type: ['blog'] })).id;
  cat.guides = (await createCategory(db, { name: 'Buying Guides', type: ['blog'] })).id;

  const product = async (key: string, name: string, description: string, price: number, gender: Gender, category: string, day: string) => {
    id[key] = (await createProduct(db, {
      name, description, price, gender_category: gender, category_ids: [cat[category]!], created_at: `${day}T10:00:00Z`,
    })).id;
  };
  await product('headphones', 'Wireless Headphones', 'Noise cancelling over-ear sound for long flights', 199.99, 'for_him', 'tech', '2026-01-01');
  await product('stand', 'Headphone Stand', 'A walnut stand for your desk', 29.5, 'for_both', 'tech', '2026-01-03');
  await product('mug', 'Ceramic Mug', 'A mug for people who love their headphones and coffee', 15, 'for_her', 'kitchen', '2026-01-02');
  await product('speaker', 'Bluetooth Speaker', 'Portable sound for the beach', 89, 'for_both', 'tech', '2026-01-04');
  await product('yoga', 'Yoga Mat', 'Cork mat', 45, 'for_her', 'kitchen', '2026-01-05');
  await product('plainSpeaker', 'Speaker', 'A plain box', 20, 'for_both', 'tech', '2025-12-01');

  const blog = async (key: string, title: string, excerpt: string, gender: Gender, category: string, day: string) => {
    id[key] = (await createBlog(db, {
      title, excerpt, content: `${excerpt}. More words about gifts.`, gender_category: gender, category_id: cat[category]!,
      created_at: `${day}T10:00:00Z`,
    })).id;
  };
  await blog('guide', 'The Ultimate Headphones Guide', 'Choosing sound gear', 'for_him', 'guides', '2026-02-01');
  await blog('coffee', 'Coffee Gifts for Her', 'Mugs, beans and grinders', 'for_her', 'stories', '2026-02-02');
  await blog('travel', 'Travel Gifts Everyone Loves', 'Light things for long flights, headphones included', 'for_both', 'stories', '2026-02-03');
});

afterAll(async () => {
  await db?.drop();
});

describe('search_products_enhanced', () => {
  test('an exact name match ranks first with a rank above 0.8 (Best Match)', async () => {
    const hits = await searchProducts({ search_query: 'wireless headphones' });
    expect(hits[0]!.name).toBe('Wireless Headphones');
    expect(hits[0]!.rank).toBeGreaterThan(0.8);
  });

  test('a product named exactly as the query ranks above products whose names only contain it', async () => {
    const hits = await searchProducts({ search_query: 'speaker' });
    expect(namesOf(hits)).toEqual(['Speaker', 'Bluetooth Speaker']);
    expect(hits[0]!.rank).toBeGreaterThan(hits[1]!.rank);
    expect(hits[0]!.rank).toBeGreaterThan(0.8);
  });

  test('the query is matched regardless of case and surrounding spaces', async () => {
    const hits = await searchProducts({ search_query: '  Wireless HEADPHONES ' });
    expect(hits[0]!.name).toBe('Wireless Headphones');
    expect(hits[0]!.rank).toBeGreaterThan(0.8);
  });

  test('a typo still finds the product', async () => {
    expect(namesOf(await searchProducts({ search_query: 'hedphones' }))).toContain('Wireless Headphones');
  });

  test('a typo is found within the filters too', async () => {
    expect(namesOf(await searchProducts({ search_query: 'hedphones', category_filter: cat.tech }))).toContain('Wireless Headphones');
  });

  test('a word the catalogue has finds no look-alikes when the filters leave out the products that have it', async () => {
    const lookAlike = await createProduct(db, { name: 'Speakeasy Cocktail Set', price: 40, category_ids: [cat.kitchen!] });
    try {
      // 'speakeasy' resembles 'speaker' closely enough for typo matching, which is for words no product has.
      expect(namesOf(await searchProducts({ search_query: 'speakr', category_filter: cat.kitchen }))).toEqual(['Speakeasy Cocktail Set']);
      expect(await searchProducts({ search_query: 'speaker', category_filter: cat.kitchen })).toEqual([]);
    } finally {
      await db.query('delete from public.products where id = $1', [lookAlike.id]);
    }
  });

  test('a name holding the query as typed ranks above one holding another form of its words', async () => {
    expect(namesOf(await searchProducts({ search_query: 'headphone' })).slice(0, 2)).toEqual(['Headphone Stand', 'Wireless Headphones']);
    expect(namesOf(await searchProducts({ search_query: 'headphones' })).slice(0, 2)).toEqual(['Wireless Headphones', 'Headphone Stand']);
  });

  test('a word prefix finds the products whose words start with it', async () => {
    const names = namesOf(await searchProducts({ search_query: 'head' }));
    expect(names).toEqual(expect.arrayContaining(['Wireless Headphones', 'Headphone Stand']));
    expect(names).not.toContain('Yoga Mat');
  });

  test('a product matching only in its description ranks below those matching by name', async () => {
    const hits = await searchProducts({ search_query: 'headphones' });
    expect(namesOf(hits)).toEqual(['Wireless Headphones', 'Headphone Stand', 'Ceramic Mug']);
    expect(hits[2]!.rank).toBeLessThan(hits[1]!.rank);
    expect(hits[2]!.rank).toBeLessThanOrEqual(0.8);
  });

  test('a product is found by its category name', async () => {
    expect(namesOf(await searchProducts({ search_query: 'kitchen crew' })).sort()).toEqual(['Ceramic Mug', 'Yoga Mat']);
  });

  test('a query matching nothing returns no rows', async () => {
    expect(await searchProducts({ search_query: 'zzzqqq' })).toEqual([]);
  });

  test.each(['headphones', 'head', 'hedphones', 'sound', 'mug', 'a mug for people who love their headphones and coffee', 'the'])(
    'every rank for %j lies within 0..1',
    async (search_query) => {
      for (const hit of await searchProducts({ search_query })) {
        expect(hit.rank).toBeGreaterThanOrEqual(0);
        expect(hit.rank).toBeLessThanOrEqual(1);
      }
    },
  );

  test('category_filter keeps only products of that category', async () => {
    expect(namesOf(await searchProducts({ search_query: 'headphones', category_filter: cat.kitchen }))).toEqual(['Ceramic Mug']);
  });

  test.each<[string | null, string[]]>([
    ['for_him', ['Headphone Stand', 'Wireless Headphones']],
    ['for_her', ['Ceramic Mug', 'Headphone Stand']],
    ['for_both', ['Headphone Stand']],
    ['for_kids', ['Headphone Stand']],
    [null, ['Ceramic Mug', 'Headphone Stand', 'Wireless Headphones']],
    ['', ['Ceramic Mug', 'Headphone Stand', 'Wireless Headphones']],
  ])('gender_filter %j gives the audience set %j', async (gender_filter, expected) => {
    expect(namesOf(await searchProducts({ search_query: 'headphones', gender_filter })).sort()).toEqual(expected);
  });

  test('price_min and price_max are inclusive bounds', async () => {
    expect(namesOf(await searchProducts({ search_query: 'headphones', price_min: 15, price_max: 29.5 })).sort())
      .toEqual(['Ceramic Mug', 'Headphone Stand']);
    expect(namesOf(await searchProducts({ search_query: 'headphones', price_min: 16 })).sort())
      .toEqual(['Headphone Stand', 'Wireless Headphones']);
    expect(namesOf(await searchProducts({ search_query: 'headphones', price_max: 29.49 }))).toEqual(['Ceramic Mug']);
  });

  test.each([
    ['relevance', ['Wireless Headphones', 'Headphone Stand', 'Ceramic Mug']],
    [null, ['Wireless Headphones', 'Headphone Stand', 'Ceramic Mug']],
    ['newest', ['Headphone Stand', 'Ceramic Mug', 'Wireless Headphones']],
    ['lowToHigh', ['Ceramic Mug', 'Headphone Stand', 'Wireless Headphones']],
    ['highToLow', ['Wireless Headphones', 'Headphone Stand', 'Ceramic Mug']],
  ])('sort_by %j orders the results', async (sort_by, expected) => {
    expect(namesOf(await searchProducts({ search_query: 'headphones', sort_by }))).toEqual(expected);
  });

  test('result_limit and result_offset page through the results; total_count counts them all', async () => {
    const page2 = await searchProducts({ search_query: 'headphones', sort_by: 'lowToHigh', result_limit: 2, result_offset: 2 });
    expect(page2.map((h) => [h.name, h.total])).toEqual([['Wireless Headphones', 3]]);
    const page1 = await searchProducts({ search_query: 'headphones', sort_by: 'lowToHigh', result_limit: 2, result_offset: 0 });
    expect(page1.map((h) => [h.name, h.total])).toEqual([['Ceramic Mug', 3], ['Headphone Stand', 3]]);
    expect(await searchProducts({ search_query: 'headphones', result_offset: 3 })).toEqual([]);
  });

  test('each hit carries its product\'s price badges, in the ranked order', async () => {
    await db.query('update public.products set price_drop_percent = 15, price_lowest_in_90_days = true where id = $1', [id.stand]);
    try {
      const hits = await runAs<{ name: string; price_lowest_in_90_days: boolean; price_drop_percent: number | null }>(
        db, anonAuth,
        `select name, price_lowest_in_90_days, price_drop_percent
           from public.search_products_enhanced(search_query => 'headphones', sort_by => 'lowToHigh')`,
      );
      expect(hits).toEqual([
        { name: 'Ceramic Mug', price_lowest_in_90_days: false, price_drop_percent: null },
        { name: 'Headphone Stand', price_lowest_in_90_days: true, price_drop_percent: 15 },
        { name: 'Wireless Headphones', price_lowest_in_90_days: false, price_drop_percent: null },
      ]);
    } finally {
      await db.query('update public.products set price_drop_percent = null, price_lowest_in_90_days = false where id = $1', [id.stand]);
    }
  });

  test("each hit carries its product's pictures and colour variants, which its card shows", async () => {
    const media = [{ url: 'https://example.com/stand-side.jpg', type: 'image' }];
    const variants = [{ name: 'Walnut', image_url: 'https://example.com/stand-walnut.jpg' }, { name: 'Black', image_url: null }];
    const before = await db.query<{ media_urls: unknown; variants: unknown }>('select media_urls, variants from public.products where id = $1', [id.stand]);
    await db.query('update public.products set media_urls = $2, variants = $3 where id = $1', [id.stand, JSON.stringify(media), JSON.stringify(variants)]);
    try {
      const hits = await runAs<{ name: string; media_urls: unknown; variants: unknown }>(
        db, anonAuth,
        `select name, media_urls, variants from public.search_products_enhanced(search_query => 'headphone stand')`,
      );
      expect(hits.find((hit) => hit.name === 'Headphone Stand')).toEqual({ name: 'Headphone Stand', media_urls: media, variants });
    } finally {
      const { media_urls, variants: old } = before.rows[0]!;
      await db.query('update public.products set media_urls = $2, variants = $3 where id = $1', [id.stand, JSON.stringify(media_urls), JSON.stringify(old)]);
    }
  });

  test.each<[string, ProductSearch, RegExp]>([
    ['a one-character query', { search_query: 'h' }, /search_query must have at least 2 characters/],
    ['a query of spaces around one character', { search_query: '  h  ' }, /at least 2 characters/],
    ['an empty query', { search_query: '' }, /at least 2 characters/],
    ['a query over 200 characters', { search_query: 'x'.repeat(201) }, /at most 200 characters/],
    ['an unknown sort', { search_query: 'headphones', sort_by: 'popular' }, /sort_by must be relevance, newest, lowToHigh or highToLow, not popular/],
    ['a negative offset', { search_query: 'headphones', result_offset: -1 }, /result_offset must be 0 or more/],
    ['a zero limit', { search_query: 'headphones', result_limit: 0 }, /result_limit must be between 1 and 100/],
    ['a huge limit', { search_query: 'headphones', result_limit: 100000 }, /result_limit must be between 1 and 100/],
  ])('%s is refused with 22023 and a message saying what is wrong', async (_, args, message) => {
    const { sql, params } = productSearchSql(args);
    const outcome = await attempt(db, anonAuth, sql, params);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.code).toBe('22023');
    expect(outcome.message).toMatch(message);
  });
});

describe('search_blogs_enhanced', () => {
  interface BlogHit extends Record<string, unknown> {
    title: string;
    rank: number;
    total: number;
  }
  const searchBlogs = (args: Record<string, unknown>): Promise<BlogHit[]> => {
    const names = Object.keys(args);
    return runAs<BlogHit>(
      db,
      anonAuth,
      `select title, rank::float8 as rank, total_count::int as total
         from public.search_blogs_enhanced(${names.map((n, i) => `${n} => $${i + 1}`).join(', ')})`,
      names.map((n) => args[n]),
    );
  };

  test('an exact title match ranks first with a rank above 0.8', async () => {
    const hits = await searchBlogs({ search_query: 'the ultimate headphones guide' });
    expect(hits[0]!.title).toBe('The Ultimate Headphones Guide');
    expect(hits[0]!.rank).toBeGreaterThan(0.8);
  });

  test('a typo and a prefix still find the blog', async () => {
    expect(namesOf(await searchBlogs({ search_query: 'ultimte' }))).toContain('The Ultimate Headphones Guide');
    expect(namesOf(await searchBlogs({ search_query: 'ultim' }))).toContain('The Ultimate Headphones Guide');
  });

  test('a blog matching only in its excerpt ranks below one matching by title', async () => {
    const hits = await searchBlogs({ search_query: 'headphones' });
    expect(namesOf(hits)).toEqual(['The Ultimate Headphones Guide', 'Travel Gifts Everyone Loves']);
    expect(hits[1]!.rank).toBeLessThan(hits[0]!.rank);
    for (const hit of hits) expect(hit.rank).toBeLessThanOrEqual(1);
  });

  test('a blog is found by its category name', async () => {
    expect(namesOf(await searchBlogs({ search_query: 'buying guides' }))).toEqual(['The Ultimate Headphones Guide']);
  });

  test('category_filter and gender_filter narrow the results', async () => {
    expect(namesOf(await searchBlogs({ search_query: 'gifts', category_filter: cat.stories })).sort())
      .toEqual(['Coffee Gifts for Her', 'Travel Gifts Everyone Loves']);
    expect(namesOf(await searchBlogs({ search_query: 'gifts', gender_filter: 'for_her' })).sort())
      .toEqual(['Coffee Gifts for Her', 'Travel Gifts Everyone Loves']);
    expect(namesOf(await searchBlogs({ search_query: 'gifts', gender_filter: 'for_him' })).sort())
      .toEqual(['The Ultimate Headphones Guide', 'Travel Gifts Everyone Loves']);
    expect(namesOf(await searchBlogs({ search_query: 'gifts', gender_filter: 'someone' }))).toEqual(['Travel Gifts Everyone Loves']);
  });

  test('result_limit and result_offset page; total_count counts every match', async () => {
    const all = await searchBlogs({ search_query: 'gifts' });
    expect(all.map((h) => h.total)).toEqual([3, 3, 3]);
    const second = await searchBlogs({ search_query: 'gifts', result_limit: 1, result_offset: 1 });
    expect(second.map((h) => [h.title, h.total])).toEqual([[all[1]!.title, 3]]);
  });

  test.each([
    [{ search_query: 'g' }, /at least 2 characters/],
    [{ search_query: 'gifts', result_offset: -5 }, /result_offset must be 0 or more/],
    [{ search_query: 'gifts', result_limit: 5000 }, /result_limit must be between 1 and 100/],
  ])('invalid input %j is refused with 22023', async (args, message) => {
    const names = Object.keys(args);
    const outcome = await attempt(
      db, anonAuth,
      `select * from public.search_blogs_enhanced(${names.map((n, i) => `${n} => $${i + 1}`).join(', ')})`,
      names.map((n) => (args as Record<string, unknown>)[n]),
    );
    expect(outcome.ok ? 'succeeded' : outcome.code).toBe('22023');
    if (!outcome.ok) expect(outcome.message).toMatch(message);
  });
});
