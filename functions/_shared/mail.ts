/**
 * Outgoing mail over SMTP (nodemailer), from SMTP_URL — any provider's SMTP relay in production,
 * the stand-in's SMTP server under `npm start`. Every mail has an HTML and a text part; a mail
 * people may opt out of carries the one-click unsubscribe headers of RFC 8058.
 */
import { createTransport } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one-click unsubscribe URL; adds List-Unsubscribe and List-Unsubscribe-Post. */
  unsubscribeUrl?: string;
  /** A stable Message-ID, so a mail sent twice after a crash is recognisably the same mail. */
  messageId?: string;
}

/** Sends one mail; rejects when the server does not accept it. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** RFC 2369 and RFC 8058: mail clients show an unsubscribe button that POSTs to the URL. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = createTransport(smtpUrl);
  return {
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        headers: mail.unsubscribeUrl ? unsubscribeHeaders(mail.unsubscribeUrl) : undefined,
      });
    },
    close: () => transporter.close(),
  };
}
