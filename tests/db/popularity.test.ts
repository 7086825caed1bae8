/**
 * Popularity rankings, as of Wednesday 4 March 2026 12:00 UTC: 'daily' is yesterday (3 March),
 * 'weekly' last Monday to Sunday (23 February to 1 March), 'monthly' last calendar month
 * (February). Rankings as of that day are click history, so they are asked as the service role;
 * 'click history stays admin-only' shows who else may ask for them and that everyone gets today's.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';
import {
  addClickEvents,
  addClicksDaily,
  anonAuth,
  attempt,
  createBlog,
  createCategory,
  createProduct,
  createSubcategory,
  createUser,
  runAs,
  serviceAuth,
  type Gender,
  type Outcome,
} from '../support/fixtures.ts';
import type { RequestAuth } from '../../supabase/local/db.ts';

const AS_OF = '2026-03-04T12:00:00Z';

let db: TestDatabase;
/** Fixture names by id and ids by name. */
const nameOf = new Map<string, string>();
const idOf: Record<string, string> = {};

beforeAll(async () => {
  db = await openTestDatabase();
  const gadgets = await createCategory(db, { name: 'Gadgets' });
  const home = await createCategory(db, { name: 'Home' });
  const stories = await createCategory(db, { name: 'Stories', type: ['blog'] });
  const guides = await createCategory(db, { name: 'Guides', type: ['blog'] });
  const audio = await createSubcategory(db, { category_id: gadgets.id, name: 'Audio' });
  const video = await createSubcategory(db, { category_id: gadgets.id, name: 'Video' });
  const lamps = await createSubcategory(db, { category_id: home.id, name: 'Lamps' });
  Object.assign(idOf, { gadgets: gadgets.id, home: home.id, stories: stories.id, guides: guides.id, audio: audio.id, lamps: lamps.id });

  const products: [string, string, string | null, Gender, number, string][] = [
    // name, category, subcategory, audience, price, created
    ['Alpha', gadgets.id, audio.id, 'for_him', 10, '2026-01-01'],
    ['Bravo', gadgets.id, video.id, 'for_her', 60, '2026-01-02'],
    ['Charlie', home.id, lamps.id, 'for_both', 120, '2026-01-03'],
    ['Delta', home.id, null, 'for_him', 300, '2026-01-04'],
    ['Echo', gadgets.id, null, 'for_both', 500, '2026-01-05'],
    ['Foxtrot', home.id, null, 'for_her', 40, '2026-01-06'],
  ];
  for (const [name, category, sub, gender, price, created] of products) {
    const p = await createProduct(db, {
      name, category_ids: [category], subcategory_ids: sub ? [sub] : [], gender_category: gender, price,
      created_at: `${created}T00:00:00Z`,
    });
    nameOf.set(p.id, name);
    idOf[name] = p.id;
  }

  // Product clicks: some rolled up, some still raw events.
  const productClicks: [string, string, number][] = [
    ['Alpha', '2026-03-03', 5], ['Alpha', '2026-02-25', 1], ['Alpha', '2026-02-10', 1],
    ['Bravo', '2026-03-03', 3], ['Bravo', '2026-02-24', 10], ['Bravo', '2026-02-05', 20],
    ['Charlie', '2026-02-27', 4],
    ['Delta', '2026-02-03', 7],
    ['Echo', '2026-03-04', 100], ['Echo', '2026-01-20', 50], // today and January: in no window
  ];
  for (const [name, day, clicks] of productClicks) {
    if (day >= '2026-03-01') await addClickEvents(db, { item_id: idOf[name]!, at: `${day}T08:00:00Z`, count: clicks });
    else await addClicksDaily(db, { item_id: idOf[name]!, day, clicks });
  }
  // Affiliate clicks and clicks of other kinds do not make a product popular.
  await addClickEvents(db, { item_id: idOf.Foxtrot!, at: '2026-03-03T08:00:00Z', count: 9, affiliate: true });
  await addClickEvents(db, { item_id: idOf.Foxtrot!, click_type: 'quiz', at: '2026-03-03T08:00:00Z', count: 9 });

  const blogs: [string, string, Gender, string][] = [
    ['Xray', stories.id, 'for_him', '2026-01-01'],
    ['Yankee', stories.id, 'for_her', '2026-01-02'],
    ['Zulu', guides.id, 'for_both', '2026-01-03'],
    ['Whiskey', guides.id, 'for_him', '2026-01-04'],
  ];
  for (const [title, category, gender, created] of blogs) {
    const b = await createBlog(db, { title, category_id: category, gender_category: gender, created_at: `${created}T00:00:00Z` });
    nameOf.set(b.id, title);
    idOf[title] = b.id;
  }
  await addClicksDaily(db, { item_id: idOf.Yankee!, click_type: 'blog', day: '2026-02-26', clicks: 5 });
  await addClicksDaily(db, { item_id: idOf.Xray!, click_type: 'blog', day: '2026-02-26', clicks: 2 });
  await addClickEvents(db, { item_id: idOf.Zulu!, click_type: 'blog', at: '2026-03-03T20:00:00Z', count: 9 });
  await addClicksDaily(db, { item_id: idOf.Whiskey!, day: '2026-02-26', clicks: 50 }); // as a product: ignored
});

afterAll(async () => {
  await db?.drop();
});

interface Ranked {
  name: string;
  clicks: number;
  window: string;
  total: number;
}

async function popularProducts(args: Record<string, unknown>): Promise<Ranked[]> {
  const all = { as_of: AS_OF, ...args };
  const names = Object.keys(all);
  const rows = await runAs<{ id: string; clicks: number; window: string; total: number }>(
    db,
    serviceAuth,
    `select id, clicks::int as clicks, ranked_window as window, total_count::int as total
       from public.popular_products(${names.map((n, i) => `${n} => $${i + 1}`).join(', ')})`,
    names.map((n) => (all as Record<string, unknown>)[n]),
  );
  return rows.map((r) => ({ name: nameOf.get(r.id)!, clicks: r.clicks, window: r.window, total: r.total }));
}

/** "Name:clicks" per row, the shape most assertions compare. */
const ranking = (rows: Ranked[]) => rows.map((r) => `${r.name}:${r.clicks}`);

describe('popular_products windows', () => {
  test('daily ranks yesterday\'s clicks', async () => {
    const rows = await popularProducts({ time_window: 'daily' });
    expect(ranking(rows)).toEqual(['Alpha:5', 'Bravo:3']);
    expect(rows.map((r) => [r.window, r.total])).toEqual([['daily', 2], ['daily', 2]]);
  });

  test('weekly ranks last week\'s clicks, Monday to Sunday', async () => {
    const rows = await popularProducts({ time_window: 'weekly' });
    expect(ranking(rows)).toEqual(['Bravo:10', 'Charlie:4', 'Alpha:1']);
    expect(rows[0]!.window).toBe('weekly');
  });

  test('monthly ranks last calendar month\'s clicks', async () => {
    const rows = await popularProducts({ time_window: 'monthly' });
    expect(ranking(rows)).toEqual(['Bravo:30', 'Delta:7', 'Charlie:4', 'Alpha:2']);
    expect(rows[0]!.window).toBe('monthly');
  });

  test('monthly is the default window, and any other window name means monthly', async () => {
    expect(ranking(await popularProducts({}))).toEqual(['Bravo:30', 'Delta:7', 'Charlie:4', 'Alpha:2']);
    const annually = await popularProducts({ time_window: 'annually', fallback: false });
    expect(ranking(annually)).toEqual(['Bravo:30', 'Delta:7', 'Charlie:4', 'Alpha:2']);
    expect(annually[0]!.window).toBe('monthly');
  });

  test('affiliate clicks, clicks of other kinds, today\'s clicks and older months count in no window', async () => {
    for (const time_window of ['daily', 'weekly', 'monthly']) {
      const names = (await popularProducts({ time_window, fallback: false })).map((r) => r.name);
      expect(names).not.toContain('Echo');
      expect(names).not.toContain('Foxtrot');
    }
  });
});

describe('popular_products fallback', () => {
  test('an empty daily ranking falls back to weekly', async () => {
    // As of Tuesday 3 March, yesterday (2 March) has no clicks.
    const rows = await popularProducts({ time_window: 'daily', as_of: '2026-03-03T12:00:00Z' });
    expect(ranking(rows)).toEqual(['Bravo:10', 'Charlie:4', 'Alpha:1']);
    expect(rows[0]!.window).toBe('weekly');
  });

  test('an empty daily and weekly ranking falls back to monthly, after the filters', async () => {
    const rows = await popularProducts({ time_window: 'daily', price_min: 200 });
    expect(ranking(rows)).toEqual(['Delta:7']);
    expect(rows[0]!.window).toBe('monthly');
  });

  test('an empty weekly ranking falls back to monthly', async () => {
    const rows = await popularProducts({ time_window: 'weekly', price_min: 200 });
    expect(rows.map((r) => `${r.name}:${r.clicks}:${r.window}`)).toEqual(['Delta:7:monthly']);
  });

  test('the filters decide which window answers', async () => {
    const rows = await popularProducts({ time_window: 'daily', category_filter: idOf.home });
    expect(rows.map((r) => `${r.name}:${r.clicks}:${r.window}`)).toEqual(['Charlie:4:weekly']);
  });

  test('with fallback off an empty window stays empty', async () => {
    expect(await popularProducts({ time_window: 'daily', price_min: 200, fallback: false })).toEqual([]);
    expect(await popularProducts({ time_window: 'daily', as_of: '2026-03-03T12:00:00Z', fallback: false })).toEqual([]);
  });
});

describe('popular_products listing', () => {
  test('include_unclicked appends the unclicked products newest first after the ranked ones', async () => {
    const rows = await popularProducts({ time_window: 'daily', include_unclicked: true });
    expect(ranking(rows)).toEqual(['Alpha:5', 'Bravo:3', 'Foxtrot:0', 'Echo:0', 'Delta:0', 'Charlie:0']);
    expect(new Set(rows.map((r) => r.total))).toEqual(new Set([6]));
  });

  test('include_unclicked pages through the whole catalogue', async () => {
    const page2 = await popularProducts({ time_window: 'monthly', include_unclicked: true, per_page: 4, page: 2 });
    expect(page2.map((r) => [r.name, r.total])).toEqual([['Foxtrot', 6], ['Echo', 6]]);
  });

  test.each<[string, Record<string, unknown>, string[]]>([
    ['category_filter keeps products of that category', { category_filter: 'gadgets' }, ['Bravo:30', 'Alpha:2']],
    ['subcategory_filter keeps products in any of the subcategories', { subcategory_filter: ['audio', 'lamps'] }, ['Charlie:4', 'Alpha:2']],
    ['gender for_him gives for_him and for_both', { gender_filter: 'for_him' }, ['Delta:7', 'Charlie:4', 'Alpha:2']],
    ['gender for_her gives for_her and for_both', { gender_filter: 'for_her' }, ['Bravo:30', 'Charlie:4']],
    ['any other gender gives for_both only', { gender_filter: 'for_pets' }, ['Charlie:4']],
    ['no gender gives everyone', { gender_filter: null }, ['Bravo:30', 'Delta:7', 'Charlie:4', 'Alpha:2']],
    ['price_min and price_max are inclusive', { price_min: 60, price_max: 300 }, ['Bravo:30', 'Delta:7', 'Charlie:4']],
  ])('%s', async (_, filters, expected) => {
    const resolved = Object.fromEntries(
      Object.entries(filters).map(([k, v]) => [
        k,
        k === 'category_filter' ? idOf[v as string] : k === 'subcategory_filter' ? (v as string[]).map((s) => idOf[s]) : v,
      ]),
    );
    expect(ranking(await popularProducts({ time_window: 'monthly', ...resolved }))).toEqual(expected);
  });

  test('page and per_page slice the ranking; total_count counts all of it', async () => {
    const page2 = await popularProducts({ time_window: 'monthly', per_page: 2, page: 2 });
    expect(page2.map((r) => [r.name, r.total])).toEqual([['Charlie', 4], ['Alpha', 4]]);
    expect(await popularProducts({ time_window: 'monthly', per_page: 2, page: 3 })).toEqual([]);
  });

  test('the last page an integer can name is empty, not an overflow', async () => {
    expect(await popularProducts({ time_window: 'monthly', per_page: 1000, page: 2_147_483_647 })).toEqual([]);
  });

  test.each<[string, Record<string, unknown>, RegExp]>([
    ['page 0', { page: 0 }, /page must be 1 or more, not 0/],
    ['page null', { page: null }, /page must be 1 or more, not null/],
    ['per_page 0', { per_page: 0 }, /per_page must be between 1 and 1000, not 0/],
    ['per_page 1001', { per_page: 1001 }, /per_page must be between 1 and 1000, not 1001/],
  ])('%s is refused with 22023', async (_, args, message) => {
    const names = Object.keys(args);
    const outcome = await attempt(
      db, anonAuth,
      `select * from public.popular_products(${names.map((n, i) => `${n} => $${i + 1}::int`).join(', ')})`,
      names.map((n) => args[n]),
    );
    expect(outcome.ok ? 'succeeded' : outcome.code).toBe('22023');
    if (!outcome.ok) expect(outcome.message).toMatch(message);
  });
});

describe('popularity_range', () => {
  test.each([
    ['daily', '2026-03-04T12:00:00Z', '2026-03-03', '2026-03-04'],
    ['daily', '2026-03-01T00:00:00Z', '2026-02-28', '2026-03-01'],
    ['weekly', '2026-03-04T12:00:00Z', '2026-02-23', '2026-03-02'],
    ['weekly', '2026-03-02T00:00:00Z', '2026-02-23', '2026-03-02'],
    ['weekly', '2026-03-08T23:59:59Z', '2026-02-23', '2026-03-02'],
    ['monthly', '2026-03-31T23:59:59Z', '2026-02-01', '2026-03-01'],
    ['monthly', '2026-01-01T00:00:00Z', '2025-12-01', '2026-01-01'],
  ])('%s as of %s covers %s up to (not including) %s', async (window, asOf, starts, ends) => {
    const rows = await runAs(
      db, serviceAuth,
      'select starts::text as starts, ends::text as ends from public.popularity_range($1, $2)',
      [window, asOf],
    );
    expect(rows).toEqual([{ starts, ends }]);
  });

  test('the window does not move with the session time zone', async () => {
    const rows = await db.transaction(async (tx) => {
      await tx.query(`set local timezone = 'Pacific/Kiritimati'`);
      return (await tx.query(`select starts::text, ends::text from public.popularity_range('weekly', '2026-03-01T23:00:00Z')`)).rows;
    }, serviceAuth);
    expect(rows).toEqual([{ starts: '2026-02-16', ends: '2026-02-23' }]);
  });
});

describe('popular_blogs', () => {
  async function popularBlogs(args: Record<string, unknown>): Promise<string[]> {
    const all = { as_of: AS_OF, ...args };
    const names = Object.keys(all);
    const rows = await runAs<{ id: string; clicks: number; total: number }>(
      db, serviceAuth,
      `select id, clicks::int as clicks, total_count::int as total
         from public.popular_blogs(${names.map((n, i) => `${n} => $${i + 1}`).join(', ')})`,
      names.map((n) => (all as Record<string, unknown>)[n]),
    );
    return rows.map((r) => `${nameOf.get(r.id)}:${r.clicks}/${r.total}`);
  }

  test('ranks blogs by last week\'s clicks by default', async () => {
    expect(await popularBlogs({})).toEqual(['Yankee:5/2', 'Xray:2/2']);
  });

  test('ranks by yesterday\'s or last month\'s clicks when asked', async () => {
    expect(await popularBlogs({ time_window: 'daily' })).toEqual(['Zulu:9/1']);
    expect(await popularBlogs({ time_window: 'monthly' })).toEqual(['Yankee:5/2', 'Xray:2/2']);
  });

  test('gender_filter ranks within the audience set', async () => {
    expect(await popularBlogs({ gender_filter: 'for_him' })).toEqual(['Xray:2/1']);
    expect(await popularBlogs({ gender_filter: 'for_her' })).toEqual(['Yankee:5/1']);
  });

  test('without clicked blogs in the filter, the newest blogs answer', async () => {
    expect(await popularBlogs({ category_filter: idOf.guides })).toEqual(['Whiskey:0/2', 'Zulu:0/2']);
    expect(await popularBlogs({ gender_filter: 'somebody' })).toEqual(['Zulu:0/1']);
  });

  test('include_unclicked lists every blog: the clicked ones in rank order, then the others newest first', async () => {
    expect(await popularBlogs({ include_unclicked: true })).toEqual(['Yankee:5/4', 'Xray:2/4', 'Whiskey:0/4', 'Zulu:0/4']);
    expect(await popularBlogs({ include_unclicked: true, result_limit: 2, result_offset: 1 })).toEqual(['Xray:2/4', 'Whiskey:0/4']);
    expect(await popularBlogs({ include_unclicked: true, gender_filter: 'for_him' })).toEqual(['Xray:2/3', 'Whiskey:0/3', 'Zulu:0/3']);
    expect(await popularBlogs({ include_unclicked: false })).toEqual(await popularBlogs({}));
  });

  test('without any clicks in the window, the newest blogs answer, paged', async () => {
    expect(await popularBlogs({ as_of: '2025-06-01T00:00:00Z' })).toEqual(['Whiskey:0/4', 'Zulu:0/4', 'Yankee:0/4', 'Xray:0/4']);
    expect(await popularBlogs({ as_of: '2025-06-01T00:00:00Z', result_limit: 2, result_offset: 2 })).toEqual(['Yankee:0/4', 'Xray:0/4']);
  });

  test.each([
    [{ result_limit: 0 }, /result_limit must be between 1 and 1000/],
    [{ result_limit: 5000 }, /result_limit must be between 1 and 1000/],
    [{ result_offset: -1 }, /result_offset must be 0 or more/],
  ])('%j is refused with 22023', async (args, message) => {
    const [name, value] = Object.entries(args)[0]!;
    const outcome = await attempt(db, anonAuth, `select * from public.popular_blogs(${name} => $1::int)`, [value]);
    expect(outcome.ok ? 'succeeded' : outcome.code).toBe('22023');
    if (!outcome.ok) expect(outcome.message).toMatch(message);
  });
});

describe('popularity batches', () => {
  /** Question objects with fixture names for ids, as the build writes them. */
  const resolve = (question: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(question).map(([key, value]) => [
        key,
        key === 'category_filter' ? idOf[value as string] : key === 'subcategory_filter' ? (value as string[]).map((s) => idOf[s]) : value,
      ]),
    );

  async function batch(fn: 'popular_products_batch' | 'popular_blogs_batch', questions: Record<string, unknown>[], asOf = AS_OF) {
    const rows = await runAs<{ question: number; ids: string[]; ranked_window?: string | null; total: number }>(
      db,
      serviceAuth,
      `select *, total_count::int as total from public.${fn}($1::jsonb, $2)`,
      [JSON.stringify(questions.map(resolve)), asOf],
    );
    return rows.map(({ question, ids, ranked_window, total }) => ({ question, names: ids.map((id) => nameOf.get(id)), window: ranked_window, total }));
  }

  const productQuestions: Record<string, unknown>[] = [
    { time_window: 'daily' },
    { time_window: 'daily', price_min: 200 },
    { time_window: 'daily', category_filter: 'home' },
    { time_window: 'daily', price_min: 200, fallback: false },
    { time_window: 'monthly', include_unclicked: true, per_page: 4, page: 2 },
    { time_window: 'monthly', subcategory_filter: ['audio', 'lamps'] },
    { time_window: 'monthly', gender_filter: 'for_him', price_max: 300 },
    {},
  ];

  test('popular_products_batch answers each question as popular_products does, one row per question in order', async () => {
    const answers = await batch('popular_products_batch', productQuestions);
    const expected = await Promise.all(
      productQuestions.map(async (question, i) => {
        const rows = await popularProducts(resolve(question));
        return { question: i + 1, names: rows.map((r) => r.name), window: rows[0]?.window ?? null, total: rows[0]?.total ?? 0 };
      }),
    );
    expect(answers).toEqual(expected);
    expect(answers[1]).toEqual({ question: 2, names: ['Delta'], window: 'monthly', total: 1 });
    expect(answers[3]).toEqual({ question: 4, names: [], window: null, total: 0 });
  });

  test('popular_products_batch leaves an empty subcategory_filter empty, as popular_products does', async () => {
    const [answer] = await batch('popular_products_batch', [{ time_window: 'monthly', subcategory_filter: [] }]);
    expect(answer!.names).toEqual([]);
    expect(await popularProducts({ time_window: 'monthly', subcategory_filter: [] })).toEqual([]);
  });

  const blogQuestions: Record<string, unknown>[] = [
    {},
    { time_window: 'daily' },
    { gender_filter: 'for_him' },
    { category_filter: 'guides' },
    { result_limit: 1, result_offset: 1 },
  ];

  test('popular_blogs_batch answers each question as popular_blogs does, one row per question in order', async () => {
    const answers = await batch('popular_blogs_batch', blogQuestions);
    expect(answers.map(({ question, names, total }) => ({ question, names, total }))).toEqual([
      { question: 1, names: ['Yankee', 'Xray'], total: 2 },
      { question: 2, names: ['Zulu'], total: 1 },
      { question: 3, names: ['Xray'], total: 1 },
      { question: 4, names: ['Whiskey', 'Zulu'], total: 2 },
      { question: 5, names: ['Xray'], total: 2 },
    ]);
  });

  test('the batch\'s as_of is every question\'s', async () => {
    const [answer] = await batch('popular_blogs_batch', [{}], '2025-06-01T00:00:00Z');
    expect(answer!.names).toEqual(['Whiskey', 'Zulu', 'Yankee', 'Xray']);
  });

  test('a thousand questions are answered in one request', async () => {
    const answers = await batch('popular_products_batch', Array.from({ length: 1000 }, () => ({ time_window: 'weekly', per_page: 1 })));
    expect(answers).toHaveLength(1000);
    expect(answers.at(-1)).toEqual({ question: 1000, names: ['Bravo'], window: 'weekly', total: 3 });
  });

  test.each<[string, string, RegExp]>([
    ['null', 'null', /queries must be an array of questions, not null/],
    ['an object', '{"time_window": "daily"}', /queries must be an array of questions, not object/],
    ['a question that is not an object', '[{}, "daily"]', /each question must be an object of arguments/],
    ['1001 questions', JSON.stringify(Array.from({ length: 1001 }, () => ({}))), /at most 1000 questions at once, not 1001/],
    ['a question the ranking refuses', '[{"per_page": 1001}]', /per_page must be between 1 and 1000, not 1001/],
  ])('%s is refused with 22023', async (_, queries, message) => {
    for (const fn of ['popular_products_batch', 'popular_blogs_batch']) {
      const given = fn === 'popular_blogs_batch' ? queries.replace('per_page', 'result_limit') : queries;
      const outcome = await attempt(db, anonAuth, `select * from public.${fn}($1::jsonb)`, [given]);
      expect(outcome.ok ? 'succeeded' : outcome.code).toBe('22023');
      if (!outcome.ok) expect(outcome.message).toMatch(fn === 'popular_blogs_batch' ? new RegExp(message.source.replace('per_page', 'result_limit')) : message);
    }
  });

  test('anyone may ask a batch; the check of its questions is not the public\'s to call', async () => {
    for (const auth of [anonAuth, serviceAuth]) {
      expect((await attempt(db, auth, `select * from public.popular_blogs_batch('[{}]')`)).ok).toBe(true);
    }
    const outcome = await attempt(db, anonAuth, `select * from public.popularity_questions('[]')`);
    expect(outcome.ok ? 'succeeded' : outcome.code).toBe('42501');
  });
});

describe('click history stays admin-only', () => {
  // The daily click counts are the admins' (the analytics view, clicks_per_day); a ranking as of a
  // past day would hand them to anyone, one day at a time.
  let callers: Record<'anon' | 'shopper' | 'admin' | 'service', RequestAuth>;

  beforeAll(async () => {
    const shopper = await createUser(db);
    const admin = await createUser(db, { admin: true });
    callers = { anon: anonAuth, shopper: shopper.auth, admin: admin.auth, service: serviceAuth };
  });

  /** Last month's ranking (February, as of 4 March) from each ranking function. */
  const LAST_MONTH: [string, string][] = [
    ['popular_products', `select id from public.popular_products('monthly', as_of => $1)`],
    ['popular_blogs', `select id from public.popular_blogs('monthly', as_of => $1)`],
    ['popular_products_batch', `select ids from public.popular_products_batch('[{"time_window": "monthly"}]', $1)`],
    ['popular_blogs_batch', `select ids from public.popular_blogs_batch('[{"time_window": "monthly"}]', $1)`],
  ];

  const refusedOrRows = (outcome: Outcome) => (outcome.ok ? outcome.rows : `${outcome.code}: ${outcome.message}`);

  test.each(LAST_MONTH)('%s as of a past day is refused to a visitor and to a shopper, naming the rule', async (_, sql) => {
    for (const caller of [callers.anon, callers.shopper]) {
      const outcome = await attempt(db, caller, sql, [AS_OF]);
      expect(refusedOrRows(outcome)).toEqual(expect.stringMatching(/^42501: .*only admins may rank clicks as of another day than today/));
    }
  });

  test.each(LAST_MONTH)('%s as of a day still to come is refused to a visitor: today\'s clicks so far are history too', async (_, sql) => {
    const outcome = await attempt(db, callers.anon, sql, [new Date(Date.now() + 2 * 86_400_000).toISOString()]);
    expect(refusedOrRows(outcome)).toEqual(expect.stringMatching(/^42501: /));
  });

  test.each(LAST_MONTH)('%s as of a past day answers an admin as it answers the service role', async (_, sql) => {
    const admin = await attempt(db, callers.admin, sql, [AS_OF]);
    const service = await attempt(db, callers.service, sql, [AS_OF]);
    expect(refusedOrRows(admin)).toEqual(refusedOrRows(service));
    expect(service.ok && service.rows.flatMap((r) => r.ids ?? r.id).length).toBeGreaterThan(1);
  });

  test('everyone gets today\'s rankings, with as_of left out, now, or any moment of today', async () => {
    // Yesterday (UTC) is the daily window of today's rankings; the clicks are rolled back afterwards.
    const yesterdayNoon = `date_trunc('day', now() at time zone 'utc') at time zone 'utc' - interval '12 hours'`;
    const setup = `
      insert into public.click_events (item_id, click_type, occurred_at)
      select '${idOf.Delta}', 'product', ${yesterdayNoon} from generate_series(1, 3);
      insert into public.click_events (item_id, click_type, occurred_at)
      select '${idOf.Xray}', 'blog', ${yesterdayNoon} from generate_series(1, 2);`;
    const startOfToday = `date_trunc('day', now() at time zone 'utc') at time zone 'utc'`;
    for (const [name, auth] of Object.entries(callers)) {
      for (const asOf of ['', ', as_of => now()', `, as_of => ${startOfToday}`]) {
        const answers = await Promise.all([
          `select id, clicks::int from public.popular_products('daily', fallback => false${asOf})`,
          `select id, clicks::int from public.popular_blogs('daily'${asOf})`,
          `select ids as id from public.popular_products_batch('[{"time_window": "daily", "fallback": false}]'${asOf.replace(', as_of =>', ',')})`,
          `select ids as id from public.popular_blogs_batch('[{"time_window": "daily"}]'${asOf.replace(', as_of =>', ',')})`,
        ].map((sql) => attempt<{ id: string | string[]; clicks?: number }>(db, auth, sql, [], setup)));
        const named = answers.map((outcome) =>
          outcome.ok ? outcome.rows.map((r) => [r.id].flat().map((id) => nameOf.get(id)).join(',') + (r.clicks === undefined ? '' : `:${r.clicks}`)) : outcome.message,
        );
        expect(named, `${name}${asOf}`).toEqual([['Delta:3'], ['Xray:2'], ['Delta'], ['Xray']]);
      }
    }
  });
});
