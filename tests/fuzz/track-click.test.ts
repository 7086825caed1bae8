/**
 * Property-based tests of POST /api/track-click, called in-process against the demo shop's
 * stand-in: whatever the body, the answer is never a 5xx; a click is recorded (one new
 * click_events row holding exactly the item, type and platform sent) only for a well-formed click
 * on an item that exists, and anything else is a 4xx that records nothing.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import trackClick from '../../functions/track-click.ts';
import { openDemoShop, type DemoShop } from '../support/demo-stand-in.ts';
import { fuzzOptions, fuzzTimeout, hostileText, NUMBER_LITERALS, wrongType } from './arbitraries.ts';

const RUNS = 40;
const TIMEOUT = fuzzTimeout(RUNS, 400);
const TYPES = ['product', 'category', 'blog', 'quiz'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let shop: DemoShop;
/** Ids of the items of each type, lower case. */
const items: Record<(typeof TYPES)[number], string[]> = { product: [], category: [], blog: [], quiz: [] };

beforeAll(async () => {
  shop = await openDemoShop();
  process.env.SUPABASE_URL = shop.standIn.url;
  process.env.SUPABASE_SERVICE_ROLE_KEY = shop.standIn.serviceKey;
  for (const [type, table] of [['product', 'products'], ['category', 'categories'], ['blog', 'blogs'], ['quiz', 'quizzes']] as const) {
    items[type] = (await shop.sql<{ id: string }>(`select id from public.${table} order by id limit 5`)).map((r) => r.id);
  }
});

afterAll(async () => {
  await shop?.close();
});

interface Click { status: number; body: Record<string, unknown> }

/** A beacon from a browser: each call from its own address, so no rate limit is in the way. */
async function send(body: string, method = 'POST', address = '203.0.113.7'): Promise<Click> {
  const response = await trackClick(new Request('http://localhost:8888/api/track-click', {
    method,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
      'x-nf-client-connection-ip': address,
      'x-forwarded-for': address,
    },
    body: method === 'GET' || method === 'HEAD' ? undefined : body,
  }));
  const text = await response.text();
  return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

interface EventRow extends Record<string, unknown> { item_id: string; click_type: string; affiliate: boolean; platform: string | null }

async function lastEvent(): Promise<{ count: number; last: EventRow | undefined }> {
  const [count] = await shop.sql<{ n: string }>('select count(*)::text as n from public.click_events');
  const [last] = await shop.sql<EventRow>('select item_id, click_type, affiliate, platform from public.click_events order by id desc limit 1');
  return { count: Number(count?.n ?? 0), last };
}

/** What the click should record, when it is one that exists; undefined otherwise. */
function expectedEvent(body: unknown): EventRow | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const { type, id, platform, ...extra } = body as Record<string, unknown>;
  if (Object.keys(extra).length > 0 || typeof id !== 'string' || !UUID.test(id)) return undefined;
  const isAffiliate = type === 'affiliate';
  const itemType = isAffiliate ? 'product' : type;
  if (!TYPES.includes(itemType as (typeof TYPES)[number])) return undefined;
  if (!items[itemType as (typeof TYPES)[number]].includes(id.toLowerCase())) return undefined;
  if (!isAffiliate) return platform === undefined ? { item_id: id.toLowerCase(), click_type: itemType as string, affiliate: false, platform: null } : undefined;
  if (typeof platform !== 'string') return undefined;
  const trimmed = platform.trim();
  if (trimmed.length < 1 || trimmed.length > 60 || trimmed.includes('\u0000') || /[\uD800-\uDFFF]/u.test(trimmed)) return undefined;
  return { item_id: id.toLowerCase(), click_type: 'product', affiliate: true, platform: trimmed };
}

/** Sends a click; never a 5xx; recorded exactly when expected, and a 4xx records nothing. */
async function judge(raw: string, address: string): Promise<Click> {
  const before = await lastEvent();
  const answer = await send(raw, 'POST', address);
  const shown = `${raw.slice(0, 200)} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
  expect(answer.status, shown).toBeLessThan(500);
  const after = await lastEvent();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = Symbol('not JSON');
  }
  const expected = expectedEvent(parsed);
  if (answer.status < 300) {
    expect(expected, `recorded a click that is not one: ${shown}`).toBeDefined();
    // A click the function chose not to count (a bot, say) says so and records nothing.
    if (answer.body.recorded === false) expect(after.count).toBe(before.count);
    else {
      expect(after.count, shown).toBe(before.count + 1);
      expect(after.last).toEqual(expected);
    }
  } else {
    expect(after.count, `a refused click was recorded: ${shown}`).toBe(before.count);
    expect(String(answer.body.error ?? '').trim(), shown).not.toBe('');
    // A well-formed click on a real item is refused only by a rate limit.
    if (expected) expect(answer.status, shown).toBe(429);
  }
  return answer;
}

const knownId = fc.constantFrom(...TYPES).chain((type) => fc.constantFrom(...(items[type].length ? items[type] : ['00000000-0000-4000-8000-000000000000'])));
const anyId = fc.oneof(
  { weight: 4, arbitrary: fc.constant(null).chain(() => knownId) },
  { weight: 1, arbitrary: fc.constant(null).chain(() => knownId).map((id) => id.toUpperCase()) },
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 2, arbitrary: hostileText },
  { weight: 1, arbitrary: wrongType },
);
const anyType = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...TYPES, 'affiliate') },
  { weight: 1, arbitrary: hostileText },
  { weight: 1, arbitrary: wrongType },
);
const anyPlatform = fc.option(fc.oneof(fc.constantFrom('Amazon', ' Etsy ', 'Best Buy'), hostileText, wrongType), { nil: undefined, freq: 2 });
const address = fc.ipV4();

describe('track-click', () => {
  test('a click is recorded exactly when it names an item that exists; otherwise a 4xx records nothing', async () => {
    const click = fc.record(
      { type: anyType, id: anyId, platform: anyPlatform, extra: fc.option(fc.tuple(hostileText, hostileText), { nil: undefined, freq: 5 }) },
      { requiredKeys: ['type', 'id'] },
    );
    await fc.assert(
      fc.asyncProperty(click, address, async ({ extra, ...body }, ip) => {
        const sent: Record<string, unknown> = { ...body };
        if (extra) Object.defineProperty(sent, extra[0], { value: extra[1], enumerable: true });
        await judge(JSON.stringify(sent), ip);
      }),
      fuzzOptions(RUNS),
    );
  }, TIMEOUT);

  test('a well-formed click on a real item is recorded as sent, whatever its platform text', async () => {
    const platform = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).filter((p) => p.trim().length > 0 && p.trim().length <= 60);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...TYPES, 'affiliate'), platform, address, async (type, name, ip) => {
        const pool = items[type === 'affiliate' ? 'product' : type];
        const body = type === 'affiliate' ? { type, id: pool[0], platform: name } : { type, id: pool[0] };
        const answer = await judge(JSON.stringify(body), ip);
        expect([202, 429]).toContain(answer.status);
      }),
      fuzzOptions(RUNS),
    );
  }, TIMEOUT);

  test('a body that is not a click object — malformed JSON, other JSON values, odd numbers — is a 4xx', async () => {
    const valid = JSON.stringify({ type: 'product', id: '00000000-0000-4000-8000-000000000000' });
    const raw = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.nat({ max: valid.length - 1 }).map((n) => valid.slice(0, n)),
      wrongType.map((v) => JSON.stringify(v) ?? 'null'),
      fc.constantFrom(...NUMBER_LITERALS).map((n) => `{"type":"product","id":${n}}`),
      fc.constant('x'.repeat(1_000_001)),
    );
    await fc.assert(
      fc.asyncProperty(raw, address, async (text, ip) => {
        const answer = await judge(text, ip);
        expect(answer.status).toBeGreaterThanOrEqual(400);
        if (Buffer.byteLength(text) > 1_000_000) expect(answer.status).toBe(413);
        else expect(answer.status).toBe(400);
      }),
      fuzzOptions(RUNS),
    );
  }, TIMEOUT);

  test('any method but POST is a 405 and records nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('GET', 'PUT', 'PATCH', 'DELETE'), async (method) => {
        const before = await lastEvent();
        const answer = await send(JSON.stringify({ type: 'product', id: items.product[0] }), method);
        expect(answer.status).toBe(405);
        expect((await lastEvent()).count).toBe(before.count);
      }),
      fuzzOptions(4),
    );
  }, TIMEOUT);
});
