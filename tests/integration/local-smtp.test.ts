/**
 * The stand-in's SMTP server: a mail sent through functions/_shared/mail.ts over real SMTP lands
 * in the mail outbox, read back from /outbox/api/messages with its text and HTML parts and the
 * one-click unsubscribe headers, and shown on the outbox page next to the sign-up mails.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { smtpTransport } from '../../functions/_shared/mail.ts';
import type { OutboxMessage } from '../../supabase/local/auth/outbox.ts';
import { startStandIn, type StandIn } from '../../supabase/local/server.ts';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';

let db: TestDatabase;
let standIn: StandIn;

beforeAll(async () => {
  db = await openTestDatabase();
  standIn = await startStandIn({ port: 0, db, smtpPort: 0 });
});
afterAll(async () => {
  await standIn?.close();
  await db?.drop();
});

const UNSUBSCRIBE = 'https://gifts.example.com/api/price-alerts/unsubscribe?token=' + 'c'.repeat(64);

test('a mail sent over SMTP arrives in the outbox with both parts and the List-Unsubscribe headers', async () => {
  expect(standIn.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
  const transport = smtpTransport(standIn.smtpUrl!, 'Giftshop <alerts@gifts.example.com>');
  try {
    await transport.send({
      to: 'Shopper@Example.com',
      subject: 'Price drop: Lamp is now $40.00',
      text: 'Lamp: $50.00 → $40.00 at Amazon',
      html: '<p>Lamp: <s>$50.00</s> $40.00</p>',
      unsubscribeUrl: UNSUBSCRIBE,
      messageId: '<price-alert-1@gifts.example.com>',
    });
  } finally {
    transport.close();
  }

  const response = await fetch(`${standIn.url}/outbox/api/messages?to=shopper@example.com`);
  const [mail, ...others] = (await response.json()) as OutboxMessage[];
  expect(others).toEqual([]);
  expect(mail).toMatchObject({
    // Nodemailer writes the domain in lower case, as domains are case-insensitive.
    recipient: 'Shopper@example.com',
    subject: 'Price drop: Lamp is now $40.00',
    sender: 'alerts@gifts.example.com',
    body_text: 'Lamp: $50.00 → $40.00 at Amazon',
    body_html: expect.stringContaining('<s>$50.00</s> $40.00'),
    action_link: null,
    headers: {
      from: 'Giftshop <alerts@gifts.example.com>',
      to: 'Shopper@example.com',
      'message-id': '<price-alert-1@gifts.example.com>',
      'list-unsubscribe': `<${UNSUBSCRIBE}>`,
      'list-unsubscribe-post': 'List-Unsubscribe=One-Click',
    },
  });

  const page = await (await fetch(`${standIn.url}/outbox`)).text();
  expect(page).toContain('Price drop: Lamp is now $40.00');
  expect(page).toContain(`<dt>List-Unsubscribe</dt><dd>&#60;${UNSUBSCRIBE}&#62;</dd>`);
});

test('a mail to a server that is not there fails the send, so the alert run keeps it for the next run', async () => {
  const transport = smtpTransport('smtp://127.0.0.1:9', 'a@example.com');
  await expect(transport.send({ to: 'b@example.com', subject: 's', text: 't', html: '<p>t</p>' })).rejects.toThrow(/ECONNREFUSED|connect/);
  transport.close();
});
