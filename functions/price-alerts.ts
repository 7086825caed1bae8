/**
 * /api/price-alerts/unsubscribe?token=… — the unsubscribe link of every price-drop alert mail.
 * It needs no sign-in: the token (one per mail, 256 random bits, stored only hashed) names one
 * shopper's subscription and nothing else can.
 *
 *   POST  the one-click unsubscribe of RFC 8058 (mail clients POST `List-Unsubscribe=One-Click`)
 *         200 { unsubscribed: true } | 400 { error } for a missing, malformed or unknown token
 *   GET   the link in the mail, for people: 303 to /price-alerts/unsubscribed/ ('You will no
 *         longer get price-drop emails'), or to /price-alerts/link-not-valid/ when the token is
 *         not one of ours (nothing changes)
 *
 * Unsubscribing twice is fine: the second time the alerts are already off.
 */
import type { Config } from '@netlify/functions';
import { SUPABASE_DEADLINE_MS, withDeadline } from './_shared/deadline.ts';
import { HttpError, json, respond } from './_shared/http.ts';
import { serviceDb } from './_shared/supabase.ts';

export const UNSUBSCRIBED_PAGE = '/price-alerts/unsubscribed/';
export const LINK_NOT_VALID_PAGE = '/price-alerts/link-not-valid/';
export const NOT_VALID = 'This unsubscribe link is not valid. Nothing was changed.';

const TOKEN = /^[0-9a-f]{64}$/;

/** True when the token was one of ours (and the alerts it names are now off). */
async function unsubscribe(token: string | null): Promise<boolean> {
  if (token === null || !TOKEN.test(token)) return false;
  return withDeadline(SUPABASE_DEADLINE_MS, async () => {
    const { data, error } = await serviceDb().rpc('unsubscribe_price_alerts', { token });
    if (error) throw new Error('price-alerts: unsubscribe_price_alerts', { cause: error });
    return data === true;
  });
}

const redirect = (location: string): Response =>
  new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });

export default async (request: Request): Promise<Response> =>
  respond('price-alerts', async () => {
    const token = new URL(request.url).searchParams.get('token');
    const done = await unsubscribe(token);
    if (request.method === 'GET') return redirect(done ? UNSUBSCRIBED_PAGE : LINK_NOT_VALID_PAGE);
    if (!done) throw new HttpError(400, NOT_VALID);
    return json(200, { unsubscribed: true });
  });

export const config: Config = { path: '/api/price-alerts/unsubscribe', method: ['GET', 'POST'] };
