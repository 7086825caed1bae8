/**
 * Keeps one client from moving the popularity rankings: who a click comes from, whether that is a
 * bot, and a per-client limit on how many of its clicks count. Pure rules with time passed in; the
 * track-click function holds the one limiter of its process.
 */
import { createHash } from 'node:crypto';
import { createIsbotFromList, list } from 'isbot';

/**
 * A click counts at most this many times per client in CLICK_WINDOW_MS. A shopper clicking
 * through cards, category chips and retailer buttons makes a few clicks a minute; thirty leaves
 * room for several shoppers behind one address (an office, a mobile carrier's shared address)
 * while a script on one address adds at most thirty clicks a minute, spread over thirty items.
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
 * Clients remembered at once. Past this the least recently seen client is forgotten, so memory
 * stays bounded (a few hundred bytes per client) under a flood of addresses; a forgotten client
 * only starts a fresh window.
 */
export const MAX_TRACKED_CLIENTS = 100_000;

/** The request headers the client is told by. */
export interface ClientHeaders {
  /** x-nf-client-connection-ip: the address Netlify's edge saw. */
  connectionIp: string | null;
  /** x-forwarded-for: "client, proxy1, proxy2". */
  forwardedFor: string | null;
  userAgent: string | null;
}

export function clientHeaders(headers: Headers): ClientHeaders {
  return {
    connectionIp: headers.get('x-nf-client-connection-ip'),
    forwardedFor: headers.get('x-forwarded-for'),
    userAgent: headers.get('user-agent'),
  };
}

/**
 * Who a click is from: the address Netlify saw, else the first address of x-forwarded-for (the
 * original client; later ones are proxies), else a hash of the user agent, so that a request
 * without an address is still limited, with everyone sending that same agent. On Netlify the edge
 * always sets x-nf-client-connection-ip, which a client cannot forge; x-forwarded-for, which it
 * can, only counts where that is missing (local runs, other hosts).
 */
export function clientKey({ connectionIp, forwardedFor, userAgent }: ClientHeaders): string {
  const direct = connectionIp?.trim();
  if (direct) return `ip:${direct}`;
  const first = forwardedFor?.split(',')[0]?.trim();
  if (first) return `ip:${first}`;
  return `ua:${createHash('sha256').update(userAgent ?? '').digest('hex').slice(0, 16)}`;
}

const LOOPBACK = /^(127(\.\d{1,3}){3}|::1|::ffff:127(\.\d{1,3}){3})$/;

/**
 * Whether the click comes from the machine serving the shop: the address the edge saw is a
 * loopback one. On Netlify that address is the shopper's and never loopback; under `npm start`
 * every shopper, tester and browser test is this machine, one address for everyone, so a
 * per-client limit there would only make local counts wrong.
 */
export function isLocalClient({ connectionIp }: ClientHeaders): boolean {
  return LOOPBACK.test(connectionIp?.trim() ?? '');
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
  return isKnownBot(userAgent) ? 'bot user agent' : null;
}

export type Admission =
  | { verdict: 'count' }
  /** The client's click on this item already counted within REPEAT_CLICK_WINDOW_MS. */
  | { verdict: 'repeat' }
  /** The client used up its clicks in CLICK_WINDOW_MS; it may count again after retryAfterSeconds. */
  | { verdict: 'limited'; retryAfterSeconds: number };

export interface ClickLimiter {
  /** Whether this client's click on this item counts now; a counted click is remembered. */
  admit(client: string, item: string, now: number): Admission;
  /** How many clients are remembered. */
  size(): number;
}

export interface ClickLimits {
  clicks: number;
  windowMs: number;
  repeatWindowMs: number;
  maxClients: number;
}

export const CLICK_LIMITS: ClickLimits = {
  clicks: CLICKS_PER_CLIENT,
  windowMs: CLICK_WINDOW_MS,
  repeatWindowMs: REPEAT_CLICK_WINDOW_MS,
  maxClients: MAX_TRACKED_CLIENTS,
};

interface ClientClicks {
  /** When the client's counted clicks within the window were, oldest first. */
  recent: number[];
  /** When each item last counted for the client, oldest first (a Map keeps insertion order). */
  items: Map<string, number>;
}

/**
 * A sliding-window limiter kept in memory. Nothing is shared between processes: on Netlify each
 * function instance keeps its own windows, so a client whose clicks land on several instances
 * gets each instance's allowance. That is acceptable here: instances are few and reused while
 * warm, the aim is to stop one client's bursts and repeats cheaply on the hot path (no extra
 * database round trip per click), and a wrong answer costs a click more or less in a ranking,
 * never a shopper's data.
 */
export function createClickLimiter(limits: ClickLimits = CLICK_LIMITS): ClickLimiter {
  const clients = new Map<string, ClientClicks>();

  const forgetExpired = (entry: ClientClicks, now: number) => {
    while (entry.recent.length > 0 && entry.recent[0]! <= now - limits.windowMs) entry.recent.shift();
    for (const [item, at] of entry.items) {
      if (at > now - limits.repeatWindowMs) break;
      entry.items.delete(item);
    }
  };

  return {
    admit(client, item, now) {
      const entry = clients.get(client) ?? { recent: [], items: new Map<string, number>() };
      // Re-inserted on every visit, so the first key is the least recently seen client.
      clients.delete(client);
      clients.set(client, entry);
      if (clients.size > limits.maxClients) clients.delete(clients.keys().next().value as string);

      forgetExpired(entry, now);
      if (entry.items.has(item)) return { verdict: 'repeat' };
      if (entry.recent.length >= limits.clicks) {
        const freesAt = entry.recent[0]! + limits.windowMs;
        return { verdict: 'limited', retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now) / 1000)) };
      }
      entry.recent.push(now);
      entry.items.set(item, now);
      return { verdict: 'count' };
    },
    size: () => clients.size,
  };
}
