/**
 * Keeps one client from moving the popularity rankings: who a click comes from, whether that is a
 * bot, and the per-client limit's rules. The limit itself is kept by the database, where every
 * function instance's clicks meet (record_clicks, supabase/migrations/20261101001300_click_limits.sql):
 * this module only decides which client a click is counted against.
 */
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { createIsbotFromList, list } from 'isbot';

/**
 * A click counts at most this many times per client in CLICK_WINDOW_MS. A shopper clicking
 * through cards, category chips and retailer buttons makes a few clicks a minute; thirty leaves
 * room for several shoppers behind one address (an office, a mobile carrier's shared address)
 * while a script on one address adds at most thirty clicks a minute, spread over thirty items.
 * The numbers are the migration's; here they word the answers.
 */
export const CLICKS_PER_CLIENT = 30;
export const CLICK_WINDOW_MS = 60_000;

/**
 * One client's clicks on one item count once in this long: half an hour, the usual length of a
 * web-analytics visit, so a shopper going back and forth to a product is one interest, and a
 * script repeating one product on one address adds at most 48 clicks a day rather than one per
 * request (or 1,440 a day with a one-minute rule).
 */
export const REPEAT_CLICK_WINDOW_MS = 30 * 60_000;

/**
 * The header Netlify's edge sets to the address it saw the request come from, overwriting
 * whatever the client sent; Netlify functions also get it as `context.ip`. X-Forwarded-For is
 * never read: a client writes what it likes there, and Netlify passes that on.
 */
export const CLIENT_ADDRESS_HEADER = 'x-nf-client-connection-ip';

/** The part of a Netlify function's context this module reads. */
export interface ClientContext {
  ip?: string;
}

/** The address the platform saw, or null when the request came without one. */
export function clientAddress(request: Request, context?: ClientContext): string | null {
  const address = context?.ip?.trim() || request.headers.get(CLIENT_ADDRESS_HEADER)?.trim();
  return address || null;
}

/** Local development, marked the way Netlify's own `netlify dev` marks it. */
export const isLocalDevelopment = (env: NodeJS.ProcessEnv = process.env): boolean => env.NETLIFY_DEV === 'true';

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i;
const LOOPBACK_V4 = /^127(\.\d{1,3}){3}$/;

/** The eight groups of an IPv6 address, as numbers. */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const start = groups(head);
  const end = tail === undefined ? [] : groups(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

/**
 * What a client is counted as: an IPv4 address as it is; an IPv6 address by its /64 network,
 * since one home or phone holds a whole /64 and may pick any address in it for each request
 * (privacy extensions), while two households never share one. Anything else as it is.
 */
export function clientNetwork(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const mapped = MAPPED_IPV4.exec(trimmed)?.[1];
  if (mapped) return mapped;
  if (isIPv4(trimmed) || !isIPv6(trimmed)) return trimmed;
  return `${ipv6Groups(trimmed.replace(/%.*$/, '')).slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/** 127.0.0.0/8, ::1 and ::ffff:127.x.y.z. */
function isLoopback(address: string): boolean {
  const trimmed = address.trim().toLowerCase();
  const v4 = MAPPED_IPV4.exec(trimmed)?.[1] ?? trimmed;
  if (isIPv4(v4)) return LOOPBACK_V4.test(v4);
  return isIPv6(trimmed) && ipv6Groups(trimmed).every((group, i) => group === (i === 7 ? 1 : 0));
}

/** Every request that came without an address is one client: none escapes the limit by hiding it. */
const NO_ADDRESS = 'no address';

/**
 * The client a click is counted against, as the hex of a keyed hash (HMAC-SHA256 with a secret
 * only the functions hold), or null for a click the limit does not apply to.
 *
 * Hashed so that the database never holds the addresses; keyed because an unkeyed hash of an
 * IPv4 address is undone by hashing all 2^32 of them. Not limited: the machine itself during local
 * development (NETLIFY_DEV=true and a loopback address), where every shopper, tester and browser
 * test is one address and a limit would only make local counts wrong. In production NETLIFY_DEV is
 * unset, and a loopback address is limited like any other.
 */
export function limitedClient(address: string | null, secret: string, env: NodeJS.ProcessEnv = process.env): string | null {
  if (address !== null && isLocalDevelopment(env) && isLoopback(address)) return null;
  return createHmac('sha256', hmacKey(secret)).update(`click-client:${address === null ? NO_ADDRESS : clientNetwork(address)}`).digest('hex');
}

// The key object is made once per secret: preparing the key again for every click was a
// noticeable share of a busy instance's time.
let cachedKey: { secret: string; key: KeyObject } | undefined;
function hmacKey(secret: string): KeyObject {
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: createSecretKey(Buffer.from(secret, 'utf8')) };
  return cachedKey.key;
}

export type BotReason = 'no user agent' | 'bot user agent';

/**
 * isbot's list of known crawlers, link previewers, monitors, HTTP libraries and automation tools,
 * less its 'headless' pattern: headless Chrome is also how browser-based testing and assistive
 * tooling load the shop, a script that wants to pass sends a desktop user agent anyway, and the
 * per-client limit, not the user agent, is what bounds one client's weight.
 */
const isKnownBot = createIsbotFromList(list.filter((pattern) => pattern !== 'headless'));

/**
 * Why a request is from a bot, or null for what looks like a shopper's browser. Every browser
 * sends a user agent, so a request without one is a script; the rest is isKnownBot's list.
 */
export function botReason(userAgent: string | null): BotReason | null {
  if (!userAgent?.trim()) return 'no user agent';
  return isKnownBotCached(userAgent) ? 'bot user agent' : null;
}

// Shoppers share a few hundred user agents, and the list's one large expression costs about
// 10 µs a call: an instance remembers the verdicts of the agents it saw last.
const REMEMBERED_AGENTS = 1000;
const verdicts = new Map<string, boolean>();
function isKnownBotCached(userAgent: string): boolean {
  let verdict = verdicts.get(userAgent);
  if (verdict === undefined) {
    if (verdicts.size >= REMEMBERED_AGENTS) verdicts.clear();
    verdict = isKnownBot(userAgent);
    verdicts.set(userAgent, verdict);
  }
  return verdict;
}
