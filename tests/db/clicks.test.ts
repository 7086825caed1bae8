/**
 * Click tracking and the admin analytics: record_click appends events, rollup_clicks folds them
 * into per-day rows, and click_analytics computes the spec's counters from both for a fixed
 * moment (UTC calendar days, weeks from Monday).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';
import {
  addClickEvents,
  addClicksDaily,
  attempt,
  createBlog,
  createCallers,
  createCategory,
  createProduct,
  createQuiz,
  runAs,
  serviceAuth,
  type Callers,
} from '../support/fixtures.ts';

let db: TestDatabase;
let callers: Callers;

beforeAll(async () => {
  db = await openTestDatabase();
  callers = await createCallers(db);
});
afterAll(async () => {
  await db?.drop();
});
beforeEach(async () => {
  await db.query('truncate public.click_events, public.clicks_daily');
});

const COUNTERS = ['today_clicks', 'yesterday_clicks', 'this_week', 'last_week', 'this_month', 'last_month', 'yearly'] as const;
const AFFILIATE_COUNTERS = [
  'today_affiliate_links', 'yesterday_affiliate_links', 'this_week_affiliate_links', 'last_week_affiliate_links',
  'this_month_affiliate_links', 'last_month_affiliate_links', 'yearly_affiliate_links',
] as const;
type Counter = (typeof COUNTERS)[number] | (typeof AFFILIATE_COUNTERS)[number];
type Counters = Record<Counter, number>;

interface AnalyticsRow extends Counters {
  item_id: string;
  item_name: string;
  product_id: string | null;
  blog_id: string | null;
  click_type: string;
  record_date: string;
}

/** The analytics rows as the admin panel reads them, as of a moment. */
async function analytics(asOf: string, setup?: string): Promise<AnalyticsRow[]> {
  const counters = [...COUNTERS, ...AFFILIATE_COUNTERS].map((c) => `${c}::int as ${c}`).join(', ');
  return db.transaction(async (tx) => {
    if (setup) await tx.query(setup);
    const { rows } = await tx.query<AnalyticsRow & Record<string, unknown>>(
      `select item_id, item_name, product_id, blog_id, click_type, record_date::text as record_date, ${counters}
         from public.click_analytics($1) order by item_name`,
      [asOf],
    );
    return rows;
  }, callers.admin.auth);
}

async function countersOf(asOf: string, itemId: string): Promise<Counters> {
  const row = (await analytics(asOf)).find((r) => r.item_id === itemId);
  if (!row) throw new Error(`no analytics row for ${itemId} as of ${asOf}`);
  return Object.fromEntries([...COUNTERS, ...AFFILIATE_COUNTERS].map((c) => [c, row[c]])) as Counters;
}

const counters = (plain: number[], affiliate: number[]): Counters =>
  Object.fromEntries([
    ...COUNTERS.map((c, i) => [c, plain[i]]),
    ...AFFILIATE_COUNTERS.map((c, i) => [c, affiliate[i]]),
  ]) as Counters;

const rollup = async (): Promise<number> =>
  Number((await runAs<{ moved: number }>(db, serviceAuth, 'select public.rollup_clicks()::int as moved'))[0]!.moved);

const eventCount = async (): Promise<number> =>
  (await db.query<{ n: number }>('select count(*)::int as n from public.click_events')).rows[0]!.n;

describe('record_click', () => {
  test('appends one event per click, with the item\'s name and the affiliate platform', async () => {
    const product = await createProduct(db, { name: 'Tracked Lamp' });
    const first = await runAs<{ id: number }>(db, serviceAuth, `select public.record_click('product', $1)::int as id`, [product.id]);
    await runAs(db, serviceAuth, `select public.record_click('product', $1, true, '  Amazon ')`, [product.id]);
    const { rows } = await db.query(
      `select item_id, click_type, affiliate, platform, item_name, occurred_at > now() - interval '1 minute' as recent
         from public.click_events order by id`,
    );
    expect(first[0]!.id).toBeGreaterThan(0);
    expect(rows).toEqual([
      { item_id: product.id, click_type: 'product', affiliate: false, platform: null, item_name: 'Tracked Lamp', recent: true },
      { item_id: product.id, click_type: 'product', affiliate: true, platform: 'Amazon', item_name: 'Tracked Lamp', recent: true },
    ]);
  });

  test('records clicks on categories, blogs and quizzes by their names', async () => {
    const category = await createCategory(db, { name: 'Clicked Category', visible: false });
    const blog = await createBlog(db, { title: 'Clicked Blog' });
    const quiz = await createQuiz(db, { title: 'Clicked Quiz' });
    for (const [type, id] of [['category', category.id], ['blog', blog.id], ['quiz', quiz.id]] as const) {
      await runAs(db, serviceAuth, 'select public.record_click($1, $2)', [type, id]);
    }
    const { rows } = await db.query('select click_type, item_name from public.click_events order by id');
    expect(rows).toEqual([
      { click_type: 'category', item_name: 'Clicked Category' },
      { click_type: 'blog', item_name: 'Clicked Blog' },
      { click_type: 'quiz', item_name: 'Clicked Quiz' },
    ]);
  });

  test('a click recorded now counts in today\'s analytics at once', async () => {
    const product = await createProduct(db);
    await runAs(db, serviceAuth, `select public.record_click('product', $1)`, [product.id]);
    await runAs(db, serviceAuth, `select public.record_click('product', $1, true, 'Etsy')`, [product.id]);
    const now = await countersOf(new Date().toISOString(), product.id);
    expect([now.today_clicks, now.today_affiliate_links, now.yearly, now.yearly_affiliate_links]).toEqual([1, 1, 1, 1]);
  });

  const GHOST = '00000000-0000-4000-8000-00000000beef';
  test.each<[string, string, 'ghost' | 'product' | 'category', boolean, string, string]>([
    ['an unknown product', 'product', 'ghost', false, '22023', `No product has the id ${GHOST}`],
    ['an unknown blog', 'blog', 'ghost', false, '22023', `No blog has the id ${GHOST}`],
    ['an unknown type', 'video', 'product', false, '22023', 'item_type must be product, category, blog or quiz, not video'],
    ['an affiliate click on a category', 'category', 'category', true, '22023', 'only products have affiliate links'],
  ])('refuses %s with a message naming the problem and records nothing', async (_, type, item, affiliate, code, message) => {
    const id = item === 'ghost' ? GHOST : item === 'product' ? (await createProduct(db)).id : (await createCategory(db)).id;
    const outcome = await attempt(db, serviceAuth, 'select public.record_click($1, $2, $3)', [type, id, affiliate]);
    expect(outcome.ok ? 'succeeded' : [outcome.code, outcome.message]).toEqual([code, message]);
    expect(await eventCount()).toBe(0);
  });

  test('refuses a product id sent as a blog', async () => {
    const product = await createProduct(db);
    const outcome = await attempt(db, serviceAuth, `select public.record_click('blog', $1)`, [product.id]);
    expect(outcome.ok ? 'succeeded' : outcome.code).toBe('22023');
  });
});

describe('click_analytics counters', () => {
  const AS_OF = '2026-03-04T12:00:00Z'; // a Wednesday

  /**
   * Powers of two per source so each counter's value says exactly which days it summed:
   * rolled-up days and raw events, on both sides of every window boundary.
   */
  async function clickHistory(itemId: string): Promise<void> {
    const days: [string, number, number][] = [
      ['2025-12-31', 1, 0], // last year
      ['2026-01-15', 2, 0],
      ['2026-02-10', 4, 0], // last month
      ['2026-02-25', 8, 0], // last week (Mon 23 Feb to Sun 1 Mar) and last month
      ['2026-02-28', 0, 3],
      ['2026-03-01', 16, 0], // Sunday: last week, this month
      ['2026-03-03', 64, 5], // yesterday
    ];
    for (const [day, clicks, affiliate] of days) {
      await addClicksDaily(db, { item_id: itemId, day, clicks, affiliate_clicks: affiliate, item_name: 'History' });
    }
    const events: [string, number, boolean][] = [
      ['2025-02-28T12:00:00Z', 1024, false], // February, but of last year
      ['2026-01-02T09:00:00Z', 11, true],
      ['2026-03-02T00:00:00Z', 32, false], // Monday, first instant of this week
      ['2026-03-03T23:59:59.999Z', 128, false], // last instant of yesterday
      ['2026-03-04T00:00:00Z', 256, false], // first instant of today
      ['2026-03-04T11:59:00Z', 7, true],
      ['2026-03-05T00:00:00Z', 512, false], // tomorrow
    ];
    for (const [at, count, affiliate] of events) await addClickEvents(db, { item_id: itemId, at, count, affiliate });
  }

  const EXPECTED = counters(
    [256, 64 + 128, 32 + 64 + 128 + 256, 8 + 16, 16 + 32 + 64 + 128 + 256, 4 + 8, 2 + 4 + 8 + 16 + 32 + 64 + 128 + 256],
    [7, 5, 5 + 7, 3, 5 + 7, 3, 11 + 3 + 5 + 7],
  );

  test('each counter sums exactly the days of its window, from rolled-up days and raw events alike', async () => {
    const product = await createProduct(db);
    await clickHistory(product.id);
    expect(await countersOf(AS_OF, product.id)).toEqual(EXPECTED);
  });

  test('rolling up changes no counter, run once or twice, and leaves no events behind', async () => {
    const product = await createProduct(db);
    await clickHistory(product.id);
    const events = await eventCount();
    expect(await rollup()).toBe(events);
    expect(await countersOf(AS_OF, product.id)).toEqual(EXPECTED);
    expect(await rollup()).toBe(0);
    expect(await countersOf(AS_OF, product.id)).toEqual(EXPECTED);
    expect(await eventCount()).toBe(0);
    const { rows } = await db.query(
      `select clicks::int, affiliate_clicks::int from public.clicks_daily where item_id = $1 and day = '2026-03-03'`,
      [product.id],
    );
    expect(rows).toEqual([{ clicks: 64 + 128, affiliate_clicks: 5 }]);
  });

  test('events recorded after a rollup are added to the rolled-up days, not counted twice', async () => {
    const product = await createProduct(db);
    await addClickEvents(db, { item_id: product.id, at: '2026-03-04T08:00:00Z', count: 3 });
    await rollup();
    await addClickEvents(db, { item_id: product.id, at: '2026-03-04T09:00:00Z', count: 2 });
    expect((await countersOf(AS_OF, product.id)).today_clicks).toBe(5);
    await rollup();
    expect((await countersOf(AS_OF, product.id)).today_clicks).toBe(5);
  });

  test('the record date is the item\'s last clicked day up to the moment asked for', async () => {
    const product = await createProduct(db);
    await clickHistory(product.id);
    expect((await analytics(AS_OF)).find((r) => r.item_id === product.id)!.record_date).toBe('2026-03-04');
    expect((await analytics('2026-03-02T10:00:00Z')).find((r) => r.item_id === product.id)!.record_date).toBe('2026-03-02');
  });

  /** One plain and two affiliate clicks on every day from Nov 2025 to Jan 2027; odd days rolled up. */
  async function clickEveryDay(itemId: string): Promise<void> {
    await db.query(
      `insert into public.clicks_daily (item_id, click_type, day, clicks, affiliate_clicks, last_click_at)
       select $1, 'product', d::date, 1, 2, d + interval '12 hours'
         from generate_series(timestamp '2025-11-01', timestamp '2027-01-31', interval '1 day') as d
        where extract(day from d)::int % 2 = 1`,
      [itemId],
    );
    await db.query(
      `insert into public.click_events (item_id, click_type, affiliate, occurred_at)
       select $1, 'product', a, (d + interval '12 hours') at time zone 'utc'
         from generate_series(timestamp '2025-11-01', timestamp '2027-01-31', interval '1 day') as d,
              unnest(array[false, true, true]) as a
        where extract(day from d)::int % 2 = 0`,
      [itemId],
    );
  }

  const boundaries: [string, string, number[]][] = [
    // as of, what it is, [today, yesterday, this week, last week, this month, last month, yearly] in days
    ['2026-03-04T12:00:00Z', 'a Wednesday', [1, 1, 3, 7, 4, 28, 31 + 28 + 4]],
    ['2026-03-02T00:00:00Z', 'a Monday at midnight', [1, 1, 1, 7, 2, 28, 31 + 28 + 2]],
    ['2026-03-08T23:59:59Z', 'a Sunday just before midnight', [1, 1, 7, 7, 8, 28, 31 + 28 + 8]],
    ['2026-04-01T08:00:00Z', 'the 1st of a month', [1, 1, 3, 7, 1, 31, 31 + 28 + 31 + 1]],
    ['2027-01-01T00:00:00Z', 'January 1st (a Friday)', [1, 1, 5, 7, 1, 31, 1]],
    ['2026-01-01T23:00:00Z', 'January 1st (a Thursday)', [1, 1, 4, 7, 1, 31, 1]],
  ];

  test.each(boundaries)('as of %s (%s) the windows hold the right number of days', async (asOf, _, days) => {
    const product = await createProduct(db);
    await clickEveryDay(product.id);
    const expected = counters(days, days.map((d) => 2 * d));
    expect(await countersOf(asOf, product.id)).toEqual(expected);
    await rollup();
    expect(await countersOf(asOf, product.id)).toEqual(expected);
  });

  test.each(['Pacific/Kiritimati', 'America/Los_Angeles', 'America/Sao_Paulo'])(
    'days are UTC days whatever the session time zone (%s)',
    async (zone) => {
      const product = await createProduct(db);
      await clickEveryDay(product.id);
      const rows = await analytics('2026-03-02T00:00:00Z', `set local timezone = '${zone}'`);
      const row = rows.find((r) => r.item_id === product.id)!;
      expect(COUNTERS.map((c) => row[c])).toEqual([1, 1, 1, 7, 2, 28, 61]);
    },
  );
});

describe('analytics rows', () => {
  const AS_OF = '2026-03-04T12:00:00Z';

  test('show the item\'s current name, else the name it had when clicked, else Unknown Product', async () => {
    const renamed = await createProduct(db, { name: 'Old Name' });
    const gone = await createProduct(db, { name: 'Gone Lamp' });
    await addClickEvents(db, { item_id: renamed.id, at: '2026-03-04T10:00:00Z', item_name: 'Old Name' });
    await addClickEvents(db, { item_id: gone.id, at: '2026-03-04T10:00:00Z', item_name: 'Gone Lamp' });
    await addClicksDaily(db, { item_id: '00000000-0000-4000-8000-0000000000aa', day: '2026-03-03', clicks: 1, item_name: null });
    await db.query(`update public.products set name = 'New Name' where id = $1`, [renamed.id]);
    await db.query('delete from public.products where id = $1', [gone.id]);
    expect((await analytics(AS_OF)).map((r) => r.item_name)).toEqual(['Gone Lamp', 'New Name', 'Unknown Product']);
  });

  test('carry product_id for products, blog_id for blogs and the click type of each', async () => {
    const product = await createProduct(db, { name: 'A product' });
    const blog = await createBlog(db, { title: 'B blog' });
    const category = await createCategory(db, { name: 'C category' });
    await addClickEvents(db, { item_id: product.id, at: '2026-03-04T10:00:00Z' });
    await addClickEvents(db, { item_id: blog.id, click_type: 'blog', at: '2026-03-04T10:00:00Z' });
    await addClickEvents(db, { item_id: category.id, click_type: 'category', at: '2026-03-04T10:00:00Z' });
    const rows = (await analytics(AS_OF)).map((r) => [r.item_name, r.click_type, r.product_id, r.blog_id]);
    expect(rows).toEqual([
      ['A product', 'product', product.id, null],
      ['B blog', 'blog', null, blog.id],
      ['C category', 'category', null, null],
    ]);
  });

  test('an item clicked as two types has one row per type', async () => {
    const product = await createProduct(db, { name: 'Twice' });
    await addClickEvents(db, { item_id: product.id, at: '2026-03-04T10:00:00Z', count: 2 });
    await addClicksDaily(db, { item_id: product.id, click_type: 'quiz', day: '2026-03-04', clicks: 1 });
    const rows = (await analytics(AS_OF)).map((r) => [r.click_type, r.today_clicks]).sort();
    expect(rows).toEqual([['product', 2], ['quiz', 1]]);
  });
});

describe('click_totals_per_day (the Analytics charts)', () => {
  /** Each click type's clicks and affiliate clicks per day since a day, as the admin reads them. */
  async function totalsSince(since: string): Promise<[string, string, number, number][]> {
    const rows = await runAs<{ click_type: string; day: string; clicks: number; affiliate_clicks: number }>(
      db, callers.admin.auth,
      `select click_type, day::text as day, clicks::int as clicks, affiliate_clicks::int as affiliate_clicks
         from public.click_totals_per_day($1) order by day, click_type`,
      [since],
    );
    return rows.map((r) => [r.day, r.click_type, r.clicks, r.affiliate_clicks]);
  }

  test('add up every item\'s clicks per type and day, from rolled-up days and raw events alike, from the day asked on', async () => {
    const [lamp, mug] = [await createProduct(db), await createProduct(db)];
    const blog = await createBlog(db);
    await addClicksDaily(db, { item_id: lamp.id, day: '2026-03-02', clicks: 4, affiliate_clicks: 1 });
    await addClicksDaily(db, { item_id: mug.id, day: '2026-03-02', clicks: 2 });
    await addClickEvents(db, { item_id: mug.id, at: '2026-03-02T23:59:59Z', count: 3, affiliate: true });
    await addClickEvents(db, { item_id: lamp.id, at: '2026-03-03T00:00:00Z', count: 5 });
    await addClickEvents(db, { item_id: blog.id, click_type: 'blog', at: '2026-03-03T08:00:00Z', count: 2 });
    await addClicksDaily(db, { item_id: lamp.id, day: '2026-03-01', clicks: 7 });

    expect(await totalsSince('2026-03-02')).toEqual([
      ['2026-03-02', 'product', 6, 4],
      ['2026-03-03', 'blog', 2, 0],
      ['2026-03-03', 'product', 5, 0],
    ]);
    await rollup();
    expect(await totalsSince('2026-03-02')).toEqual([
      ['2026-03-02', 'product', 6, 4],
      ['2026-03-03', 'blog', 2, 0],
      ['2026-03-03', 'product', 5, 0],
    ]);
  });

  test('a shopper gets no rows and a visitor may not call it', async () => {
    const lamp = await createProduct(db);
    await addClickEvents(db, { item_id: lamp.id, at: '2026-03-03T08:00:00Z' });
    expect(await runAs(db, callers.user.auth, `select * from public.click_totals_per_day('2026-03-01')`)).toEqual([]);
    const outcome = await attempt(db, callers.anon.auth, `select * from public.click_totals_per_day('2026-03-01')`);
    expect(outcome.ok ? outcome.rows : outcome.code).toBe('42501');
  });
});
