/**
 * The price-drop alert run: after each price import and once a day (through afterPriceImport),
 * one mail per shopper with alerts on, listing the wishlisted products whose lowest latest price
 * fell under the price last announced to them (price-alert-rules.ts says what counts).
 *
 * Exactly once, also across a crash: the work is claimed in the database before anything is
 * sent. claim_price_alert_email writes the day's mail with its items and moves the announced
 * prices in one transaction (unique per shopper and UTC day, so two runs at once claim it once);
 * then every claimed, unsent mail is sent and marked sent. A run that dies half-way leaves its
 * unsent mails claimed, and the next run sends exactly those, never one already marked sent. The
 * one gap no database can close: a crash after the SMTP server accepted a mail and before it was
 * marked sent sends that mail again; its Message-ID is the same, so mail systems can tell.
 *
 * Two runs at once (an import during the daily run) never both send one mail: a run takes each
 * mail (take_price_alert_email, a 15-minute lease) before sending it and skips mails another run
 * holds. A failed send gives the mail back and stops the run (the SMTP server is usually down for
 * all of them): the rest stay claimed for the next run. A run killed outright leaves the mail it
 * held to be taken again when its lease ends.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../src/lib/database.types.ts';
import { mailEnv } from './env.ts';
import { smtpTransport, type MailTransport } from './mail.ts';
import { planAlerts, priceAlertMail, utcDay, type AlertCandidate, type AlertItem } from './price-alert-rules.ts';
import { serviceDb } from './supabase.ts';

export const UNSUBSCRIBE_PATH = '/api/price-alerts/unsubscribe';

export interface PriceAlertOptions {
  /** The service-role client (default serviceDb()). */
  db?: SupabaseClient<Database>;
  /** Where the mail goes out (default SMTP from SMTP_URL and MAIL_FROM). */
  transport?: MailTransport;
  /** The site's public URL for links (default SITE_URL, or Netlify's URL). */
  siteUrl?: string;
  /** The moment of the run; its UTC day is the mail's day. */
  now?: Date;
}

export interface PriceAlertReport {
  /** Mails claimed by this run. */
  claimed: number;
  /** Mails sent by this run (its own claims and any a crashed run left). */
  sent: number;
}

export function unsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/$/, '')}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}

const messageId = (mailId: number, siteUrl: string): string => `<price-alert-${mailId}@${new URL(siteUrl).hostname}>`;

async function claimAll(db: SupabaseClient<Database>, day: string): Promise<number> {
  const { data, error } = await db.rpc('price_alert_candidates');
  if (error) throw new Error('price alerts: reading the candidates failed', { cause: error });
  let claimed = 0;
  for (const plan of planAlerts((data ?? []) as AlertCandidate[])) {
    const { data: id, error: claimError } = await db.rpc('claim_price_alert_email', {
      shopper: plan.userId, for_day: day, items: plan.items as unknown as Database['public']['Tables']['price_alert_emails']['Row']['items'],
      baselines: plan.baselines,
    });
    // Another run claimed one of these drops first: it mails them; this shopper is done for now.
    if (claimError?.code === '40001') continue;
    if (claimError) throw new Error(`price alerts: claiming the mail of shopper ${plan.userId} failed`, { cause: claimError });
    if (id !== null) claimed += 1;
  }
  return claimed;
}

/** Claims today's alert mails, then sends every claimed, unsent one. */
export async function sendPriceDropAlerts(options: PriceAlertOptions = {}): Promise<PriceAlertReport> {
  const db = options.db ?? serviceDb();
  const env = options.transport && options.siteUrl ? undefined : mailEnv();
  const siteUrl = options.siteUrl ?? env!.SITE_URL;
  const claimed = await claimAll(db, utcDay(options.now ?? new Date()));

  const { data: pending, error } = await db.rpc('pending_price_alert_emails');
  if (error) throw new Error('price alerts: reading the unsent mails failed', { cause: error });
  if (!pending?.length) return { claimed, sent: 0 };

  const transport = options.transport ?? smtpTransport(env!.SMTP_URL, env!.MAIL_FROM);
  let sent = 0;
  try {
    for (const mail of pending) {
      const { data: taken, error: takeError } = await db.rpc('take_price_alert_email', { email_id: mail.id });
      if (takeError) throw new Error(`price alerts: taking mail ${mail.id} failed`, { cause: takeError });
      // Another run is sending it (or has just sent it).
      if (!taken) continue;
      const unsubscribe = unsubscribeUrl(siteUrl, mail.token);
      const content = priceAlertMail(mail.items as unknown as AlertItem[], { siteUrl, unsubscribeUrl: unsubscribe });
      try {
        await transport.send({ to: mail.email, ...content, unsubscribeUrl: unsubscribe, messageId: messageId(mail.id, siteUrl) });
      } catch (cause) {
        await db.rpc('release_price_alert_email', { email_id: mail.id });
        throw new Error(`price alerts: sending mail ${mail.id} failed after ${sent} sent; the rest stay claimed for the next run`, { cause });
      }
      const { error: markError } = await db.rpc('mark_price_alert_sent', { email_id: mail.id });
      if (markError) throw new Error(`price alerts: marking mail ${mail.id} sent failed`, { cause: markError });
      sent += 1;
    }
  } finally {
    if (!options.transport) transport.close();
  }
  return { claimed, sent };
}
