/**
 * POST /api/track-click — records one click on a product, category, blog or quiz, or on a
 * product's affiliate link. Sent by the browser with sendBeacon, so it never delays navigation;
 * the caller ignores the answer.
 *
 * It only counts: it never redirects and never answers with a URL. A retailer button links
 * straight to the URL stored on the product, and a body carrying anything more than the click
 * (a `url`, say) is refused by the strict schema.
 *
 * Guarded so that one client cannot move the popularity rankings: clicks from bots are not
 * counted, a client's repeated clicks on one item count once, and a client past its allowance is
 * told to slow down (click-guard.ts). The client is the address the platform saw, never one the
 * request names; the limit is kept by the database, in the same statement that records the clicks,
 * so it holds across every instance of this function.
 *
 * Under load, the clicks of concurrent requests are written in one statement (click-batch.ts);
 * each request is answered after its batch has committed. When the database does not answer
 * within the deadline (deadline.ts), or too many clicks are already waiting for it, the answer is
 * 503 with Retry-After: the click was not acknowledged.
 */
import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { BatchQueueFull, createBatcher } from './_shared/click-batch.ts';
import {
  botReason, CLICK_WINDOW_MS, CLICKS_PER_CLIENT, clientAddress, limitedClient, type ClientContext,
} from './_shared/click-guard.ts';
import { SUPABASE_DEADLINE_MS, withDeadline } from './_shared/deadline.ts';
import { functionsEnv } from './_shared/env.ts';
import { HttpError, json, parseJsonBody, respond, ServiceUnavailable } from './_shared/http.ts';
import { serviceDb } from './_shared/supabase.ts';

/**
 * A platform name is plain text: no NUL and no lone surrogate, which the database cannot store
 * and which would fail the whole batch the click is written in, not only this click.
 */
const platformName = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .refine((name) => !name.includes('\u0000') && name.isWellFormed(), 'Must be plain text, without NUL or unpaired surrogate characters');

export const clickSchema = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['product', 'category', 'blog', 'quiz']), id: z.uuid() }).strict(),
  z.object({ type: z.literal('affiliate'), id: z.uuid(), platform: platformName }).strict(),
]);
export type Click = z.infer<typeof clickSchema>;

/** What the database made of one click: recorded, not counted (and why), or refused. */
export type ClickOutcome =
  | { verdict: 'recorded' }
  /** The item already counted for this client within REPEAT_CLICK_WINDOW_MS. */
  | { verdict: 'repeat' }
  /** The client used up its clicks in CLICK_WINDOW_MS; it may count again after retryAfterSeconds. */
  | { verdict: 'limited'; retryAfterSeconds: number }
  /** The item does not exist, or the click is malformed. */
  | { verdict: 'refused'; problem: string };

/** A click and the client it counts against: limitedClient's hash, or null when it is not limited. */
export interface ClientClick {
  click: Click;
  client: string | null;
}

/**
 * Clicks in one write at most, and writes under way at once at most. One write of a few hundred
 * rows costs the database about what one row does. Two writes in flight let the next batch be
 * written while the previous answer travels back; more only split the same clicks into smaller
 * writes, each a transaction and an HTTP round trip (the click bench measured 2 ahead of 1 and 4:
 * docs/benchmarks/clicks.md).
 *
 * Batches form only where one process answers many requests at once (as in the click bench, or
 * any long-lived server). A Netlify function instance answers one request at a time, so there
 * every batch holds one click and costs nothing extra: there is no timer to wait for.
 *
 * Clicks waiting for a write at most: four full writes. A click waits at most its request's
 * deadline anyway; the bound keeps a flood against a slow database from piling up in memory, and
 * answers the excess at once.
 */
export const MAX_CLICKS_PER_WRITE = 250;
export const MAX_WRITES_IN_FLIGHT = 2;
export const MAX_CLICKS_WAITING = 4 * MAX_CLICKS_PER_WRITE;

/** A full queue of clicks: come back in a second, by when a write will have finished or failed. */
const QUEUE_FULL_RETRY_SECONDS = 1;
export const TOO_MANY_CLICKS_WAITING = 'The shop is receiving more clicks than its database is taking. Please try again in a second.';

/**
 * Writes a batch of clicks with record_clicks, which also applies each click's client's limit;
 * one outcome per click, in order. The write has a deadline of its own: it serves many requests.
 */
export function recordClicks(clicks: ClientClick[]): Promise<ClickOutcome[]> {
  return withDeadline(SUPABASE_DEADLINE_MS, async () => {
    const { data, error } = await serviceDb().rpc('record_clicks', {
      clicks: clicks.map(({ click, client }) => ({
        item_type: click.type === 'affiliate' ? 'product' : click.type,
        item: click.id,
        affiliate: click.type === 'affiliate',
        platform: click.type === 'affiliate' ? click.platform : null,
        client,
      })),
    });
    if (error) throw new Error(`record_clicks(${clicks.length} clicks) failed`, { cause: error });
    return clicks.map((_, i): ClickOutcome => {
      const row = data[i];
      if (row?.click !== i + 1) throw new Error(`record_clicks answered no outcome for click ${i + 1} of ${clicks.length}`);
      switch (row.verdict) {
        case 'recorded':
        case 'repeat':
          return { verdict: row.verdict };
        case 'limited':
          return { verdict: 'limited', retryAfterSeconds: row.retry_after ?? 1 };
        default:
          return { verdict: 'refused', problem: row.problem ?? 'The click was refused' };
      }
    });
  });
}

export interface TrackClickOptions {
  maxClicksPerWrite: number;
  maxWritesInFlight: number;
  maxClicksWaiting: number;
}

const SHIPPED: TrackClickOptions = {
  maxClicksPerWrite: MAX_CLICKS_PER_WRITE,
  maxWritesInFlight: MAX_WRITES_IN_FLIGHT,
  maxClicksWaiting: MAX_CLICKS_WAITING,
};

/**
 * The track-click handler of one function instance, with its own queue of clicks. `write` is
 * recordClicks unless a test or bench says otherwise. Netlify passes the context, whose `ip` is
 * the address its edge saw.
 */
export function createTrackClick(
  options: TrackClickOptions = SHIPPED,
  write: (clicks: ClientClick[]) => Promise<ClickOutcome[]> = recordClicks,
): (request: Request, context?: ClientContext) => Promise<Response> {
  const batches = createBatcher(write, {
    maxItems: options.maxClicksPerWrite,
    maxWrites: options.maxWritesInFlight,
    maxWaiting: options.maxClicksWaiting,
  });
  /** The click's outcome once its batch is written, within the request's deadline. */
  const recorded = (item: ClientClick) =>
    withDeadline(SUPABASE_DEADLINE_MS, async (deadline) => {
      try {
        return await batches.submit(item, deadline);
      } catch (error) {
        if (error instanceof BatchQueueFull) {
          throw new ServiceUnavailable(TOO_MANY_CLICKS_WAITING, 'was behind: too many clicks waiting', QUEUE_FULL_RETRY_SECONDS, { cause: error });
        }
        throw error;
      }
    });

  return (request, context) =>
    respond('track-click', async () => {
      if (request.method !== 'POST') throw new HttpError(405, 'Use POST');
      // The body first: a malformed click is the caller's mistake, said plainly, whoever sent it.
      const click = await parseJsonBody(request, clickSchema);

      // Bots get a 2xx that says the click was not counted rather than a 403: the request is well
      // formed and nothing is wrong with the site, so a crawler or an uptime monitor should not
      // report an error; the shop only declines to count it.
      const bot = botReason(request.headers.get('user-agent'));
      if (bot) return json(202, { recorded: false, reason: bot });

      const client = limitedClient(clientAddress(request, context), functionsEnv().SUPABASE_SERVICE_ROLE_KEY);
      const outcome = await recorded({ click, client });
      switch (outcome.verdict) {
        case 'recorded':
          return json(202, { recorded: true });
        case 'repeat':
          return json(202, { recorded: false, reason: 'repeat click' });
        case 'limited': {
          const wait = outcome.retryAfterSeconds;
          return json(
            429,
            {
              error: `Too many clicks: at most ${CLICKS_PER_CLIENT} in ${CLICK_WINDOW_MS / 1000} s count from one client. ` +
                `Try again in ${wait} s.`,
            },
            { 'retry-after': String(wait) },
          );
        }
        case 'refused':
          // The item does not exist (or the type is wrong): the caller's mistake, said plainly.
          throw new HttpError(400, outcome.problem);
      }
    });
}

/** This instance's handler. */
export default createTrackClick();

export const config: Config = { path: '/api/track-click', method: ['POST'] };
