/**
 * POST /api/track-click — records one click on a product, category, blog or quiz, or on a
 * product's affiliate link. Sent by the browser with sendBeacon, so it never delays navigation;
 * the caller ignores the answer.
 *
 * It only counts: it never redirects and never answers with a URL. A retailer button links
 * straight to the URL stored on the product, and a body carrying anything more than the click
 * (a `url`, say) is refused by the strict schema.
 *
 * Guarded so that one client cannot move the popularity rankings (click-guard.ts): clicks from
 * bots are not counted, a client's repeated clicks on one item count once, and a client past its
 * allowance is told to slow down. Under load, the clicks of concurrent requests are written in
 * one statement (click-batch.ts); each request is answered after its batch has committed.
 */
import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { createBatcher } from './_shared/click-batch.ts';
import {
  botReason, CLICK_WINDOW_MS, CLICKS_PER_CLIENT, clientHeaders, clientKey, createClickLimiter, isLocalClient, type ClickLimiter,
} from './_shared/click-guard.ts';
import { HttpError, json, parseJsonBody, respond } from './_shared/http.ts';
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

/** What the database made of one click: recorded, or the problem with it (an unknown item). */
export type ClickOutcome = { recorded: true } | { recorded: false; problem: string };

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
 */
export const MAX_CLICKS_PER_WRITE = 250;
export const MAX_WRITES_IN_FLIGHT = 2;

/** Writes a batch of clicks with record_clicks; one outcome per click, in order. */
export async function recordClicks(clicks: Click[]): Promise<ClickOutcome[]> {
  const { data, error } = await serviceDb().rpc('record_clicks', {
    clicks: clicks.map((click) => ({
      item_type: click.type === 'affiliate' ? 'product' : click.type,
      item: click.id,
      affiliate: click.type === 'affiliate',
      platform: click.type === 'affiliate' ? click.platform : null,
    })),
  });
  if (error) throw new Error(`record_clicks(${clicks.length} clicks) failed`, { cause: error });
  return clicks.map((_, i) => {
    const row = data[i];
    if (row?.click !== i + 1) throw new Error(`record_clicks answered no outcome for click ${i + 1} of ${clicks.length}`);
    return row.recorded ? { recorded: true } : { recorded: false, problem: row.problem };
  });
}

export interface TrackClickDeps {
  limiter: ClickLimiter;
  record(click: Click): Promise<ClickOutcome>;
  now(): number;
}

/**
 * The same click twice is the same item, however the id's letters are cased; an affiliate click
 * is its own item, whatever the platform (the platform is free text, so it cannot tell items apart).
 */
const itemKey = (click: Click) => `${click.type}:${click.id.toLowerCase()}`;

export function trackClick(deps: TrackClickDeps): (request: Request) => Promise<Response> {
  return (request) =>
    respond('track-click', async () => {
      if (request.method !== 'POST') throw new HttpError(405, 'Use POST');
      // The body first: a malformed click is the caller's mistake, said plainly, whoever sent it.
      const click = await parseJsonBody(request, clickSchema);
      const headers = clientHeaders(request.headers);

      // Bots get a 2xx that says the click was not counted rather than a 403: the request is well
      // formed and nothing is wrong with the site, so a crawler or an uptime monitor should not
      // report an error; the shop only declines to count it.
      const bot = botReason(headers.userAgent);
      if (bot) return json(202, { recorded: false, reason: bot });

      // Counted before the write, so a client spraying unknown ids is limited like any other.
      const admission = isLocalClient(headers)
        ? ({ verdict: 'count' } as const)
        : deps.limiter.admit(clientKey(headers), itemKey(click), deps.now());
      if (admission.verdict === 'repeat') return json(202, { recorded: false, reason: 'repeat click' });
      if (admission.verdict === 'limited') {
        const wait = admission.retryAfterSeconds;
        return json(
          429,
          {
            error: `Too many clicks: at most ${CLICKS_PER_CLIENT} in ${CLICK_WINDOW_MS / 1000} s count from one client. ` +
              `Try again in ${wait} s.`,
          },
          { 'retry-after': String(wait) },
        );
      }

      const outcome = await deps.record(click);
      // The item does not exist (or the type is wrong): the caller's mistake, said plainly.
      if (!outcome.recorded) throw new HttpError(400, outcome.problem);
      return json(202, { recorded: true });
    });
}

const batches = createBatcher(recordClicks, { maxItems: MAX_CLICKS_PER_WRITE, maxWrites: MAX_WRITES_IN_FLIGHT });

/** This process's limiter: see createClickLimiter for why per-instance windows are enough. */
export default trackClick({ limiter: createClickLimiter(), record: (click) => batches.submit(click), now: Date.now });

export const config: Config = { path: '/api/track-click', method: ['POST'] };
