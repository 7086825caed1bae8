/**
 * The mail outbox, the stand-in's answer to Supabase's local inbucket: every mail auth would have
 * sent, and every mail the functions sent over SMTP to the stand-in's SMTP server (smtp.ts),
 * newest first.
 *
 *   GET    /outbox                         the page, for people
 *   GET    /outbox/api/messages[?to=email] the mails as JSON, for tests and scripts
 *   DELETE /outbox/api/messages            empties the outbox (POST /outbox/clear from the page)
 */
import type { Queryable } from '../db.ts';
import { escapeHtml, html, json, type Handler } from '../http.ts';
import { page } from './page.ts';

export type OutboxMessage = {
  id: number;
  recipient: string;
  subject: string;
  sent_at: string;
  action_link: string | null;
  body_html: string;
  /** The text part, sender and kept headers (lower-case names) of mail that came over SMTP. */
  body_text: string | null;
  sender: string | null;
  headers: Record<string, string>;
};

type MessageRow = Omit<OutboxMessage, 'id' | 'sent_at'> & { id: number | string; sent_at: Date | string };

export async function outboxMessages(q: Queryable, recipient: string | null): Promise<OutboxMessage[]> {
  const { rows } = await q.query<MessageRow>(
    `select id, recipient, subject, sent_at, action_link, body_html, body_text, sender, headers from standin.mail_outbox
      where $1::text is null or lower(recipient) = lower($1::text)
      order by sent_at desc, id desc`,
    [recipient],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), sent_at: new Date(r.sent_at).toISOString() }));
}

function messageHtml(message: OutboxMessage): string {
  const when = message.sent_at.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  const unsubscribe = message.headers['list-unsubscribe'];
  const from = message.sender ? `<dt>From</dt><dd>${escapeHtml(message.sender)}</dd>\n` : '';
  const listUnsubscribe = unsubscribe ? `<dt>List-Unsubscribe</dt><dd>${escapeHtml(unsubscribe)}</dd>\n` : '';
  const link = message.action_link
    ? `<p><a href="${escapeHtml(message.action_link)}">Open the link in this mail</a></p>`
    : '';
  // The body is shown sandboxed: no scripts, and its links open in the top window only when clicked.
  return `<article aria-labelledby="mail-${message.id}">
<h2 id="mail-${message.id}">${escapeHtml(message.subject)}</h2>
<dl>
${from}<dt>To</dt><dd>${escapeHtml(message.recipient)}</dd>
<dt>Sent</dt><dd><time datetime="${message.sent_at}">${when}</time></dd>
${listUnsubscribe}</dl>
${link}
<iframe title="Body of “${escapeHtml(message.subject)}” to ${escapeHtml(message.recipient)}"
  sandbox="allow-popups allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(`<base target="_top">${message.body_html}`)}"
  style="width:100%;height:12rem;border:1px solid GrayText"></iframe>
</article>`;
}

function outboxPage(messages: OutboxMessage[]): string {
  const list =
    messages.length === 0
      ? '<p>No mail yet. Sign up in the shop and the confirmation mail appears here.</p>'
      : messages.map(messageHtml).join('\n<hr>\n');
  return page(
    'Mail outbox – local stand-in',
    `<h1>Mail outbox</h1>
<p class="note">Mail that hosted Supabase would send, and mail the shop's functions sent over SMTP, kept here by the local stand-in. Newest first.</p>
<div class="actions">
<a href="/outbox">Refresh</a>
<form method="post" action="/outbox/clear"><button type="submit">Delete all mail</button></form>
</div>
${list}`,
  );
}

export const handleOutbox: Handler = async (request, ctx) => {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\/$/, '');
  try {
    if (path === '/outbox' && request.method === 'GET') {
      return html(200, outboxPage(await ctx.db.transaction((tx) => outboxMessages(tx, null))));
    }
    if (path === '/outbox/clear' && request.method === 'POST') {
      await ctx.db.transaction((tx) => tx.query('delete from standin.mail_outbox'));
      return new Response(null, { status: 303, headers: { location: '/outbox' } });
    }
    if (path === '/outbox/api/messages' && request.method === 'GET') {
      const to = url.searchParams.get('to');
      return json(200, await ctx.db.transaction((tx) => outboxMessages(tx, to)));
    }
    if (path === '/outbox/api/messages' && request.method === 'DELETE') {
      await ctx.db.transaction((tx) => tx.query('delete from standin.mail_outbox'));
      return new Response(null, { status: 204 });
    }
    return json(404, { message: `No outbox route for ${request.method} ${url.pathname}` });
  } catch (error) {
    console.error('outbox: failed to answer', request.method, url.pathname, error);
    return json(500, { message: 'Internal server error' });
  }
};
