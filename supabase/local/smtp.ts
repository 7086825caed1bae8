/**
 * The stand-in's SMTP server: what a mail provider is to the functions in production. Mail the
 * functions send over SMTP_URL (the price-drop alerts, functions/_shared/mail.ts) arrives here over
 * real SMTP, is parsed, and lands in standin.mail_outbox — one row per recipient — where the
 * outbox page shows it next to the sign-up mails.
 *
 * Plain SMTP on 127.0.0.1 without TLS or login, like Supabase's local inbucket: nothing leaves
 * the machine.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Database } from './db.ts';

/** Headers kept with a mail, as sent (lower-case names). */
const KEPT_HEADERS = ['from', 'to', 'message-id', 'list-unsubscribe', 'list-unsubscribe-post'];
/** Larger mails are refused: no mail the shop sends comes near it. */
const MAX_MAIL_BYTES = 5_000_000;

export interface LocalSmtp {
  /** smtp://127.0.0.1:<port>, the SMTP_URL for the functions. */
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startLocalSmtp(db: Database, port = 0): Promise<LocalSmtp> {
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    // Advertising STARTTLS would make nodemailer try it, and the stand-in has no certificate.
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MAIL_BYTES,
    logger: false,
    banner: 'Giftshop local stand-in',
    async onData(stream, session, callback) {
      try {
        const mail = await simpleParser(stream);
        if (stream.sizeExceeded) throw Object.assign(new Error('Mail too large'), { responseCode: 552 });
        const headers: Record<string, string> = {};
        for (const { key, line } of mail.headerLines) {
          if (KEPT_HEADERS.includes(key)) headers[key] = line.slice(line.indexOf(':') + 1).trim();
        }
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        const sender = session.envelope.mailFrom ? session.envelope.mailFrom.address : null;
        const html = typeof mail.html === 'string' ? mail.html : `<pre>${escape(mail.text ?? '')}</pre>`;
        await db.transaction(async (tx) => {
          for (const recipient of recipients) {
            await tx.query(
              `insert into standin.mail_outbox (recipient, subject, body_html, body_text, sender, headers)
               values ($1, $2, $3, $4, $5, $6)`,
              [recipient, mail.subject ?? '(no subject)', html, mail.text ?? null, sender, JSON.stringify(headers)],
            );
          }
        });
        callback();
      } catch (error) {
        console.error('local SMTP: could not store a mail', error);
        callback(error as Error);
      }
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const escape = (s: string): string => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
