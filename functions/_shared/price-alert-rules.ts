/**
 * The rules of the price-drop alerts, as plain functions: what counts as a drop, what one
 * shopper's mail lists, and the mail's words. The run (price-alerts.ts) feeds them the database's
 * candidates and sends what they return.
 */
import { formatPrice } from '../../src/features/catalog/core/price.ts';
import { productHref } from '../../src/lib/links.ts';

/** One wishlisted product of a shopper with alerts on, as price_alert_candidates() returns it. */
export interface AlertCandidate {
  user_id: string;
  product_id: string;
  product_name: string;
  /** The lowest latest price over the retailers. */
  lowest_price: number;
  /** The retailer charging it. */
  platform: string;
  /** That retailer's link on the product, if it has one. */
  url: string | null;
  /** The price last announced to this shopper (or their baseline); null when there is none yet. */
  announced_price: number | null;
}

/** One line of an alert mail. */
export interface AlertItem {
  product_id: string;
  name: string;
  old_price: number;
  new_price: number;
  platform: string;
  url: string | null;
}

export interface ShopperAlerts {
  userId: string;
  /** The drops to mail, in wishlist order. */
  items: AlertItem[];
  /** Products seen for the first time: their price now becomes the baseline, nothing is mailed. */
  baselines: { product_id: string; price: number }[];
}

export type AlertDecision = 'baseline' | 'drop' | 'none';

/**
 * A product never announced to the shopper (liked after alerts were turned on) is not a drop: its
 * lowest latest price when the run first sees it becomes the baseline. After that, only a lowest
 * latest price under the price last announced (or the baseline) is a drop — a rise and a fall
 * back to the announced price are not, so the same drop is never mailed twice.
 */
export function alertDecision(announced: number | null, lowest: number): AlertDecision {
  if (announced === null) return 'baseline';
  return lowest < announced ? 'drop' : 'none';
}

/** Groups the candidates per shopper into the drops to mail and the baselines to record. */
export function planAlerts(candidates: readonly AlertCandidate[]): ShopperAlerts[] {
  const byShopper = new Map<string, ShopperAlerts>();
  for (const c of candidates) {
    const decision = alertDecision(c.announced_price, c.lowest_price);
    if (decision === 'none') continue;
    let plan = byShopper.get(c.user_id);
    if (!plan) {
      plan = { userId: c.user_id, items: [], baselines: [] };
      byShopper.set(c.user_id, plan);
    }
    if (decision === 'baseline') plan.baselines.push({ product_id: c.product_id, price: c.lowest_price });
    else {
      plan.items.push({
        product_id: c.product_id, name: c.product_name, old_price: c.announced_price!, new_price: c.lowest_price,
        platform: c.platform, url: c.url,
      });
    }
  }
  return [...byShopper.values()];
}

/** The UTC day a moment falls on, as the database's date: at most one alert mail per shopper per day. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export interface AlertMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Where an item's button leads: the cheapest retailer's link, else the product's page. */
export function itemLink(item: AlertItem, siteUrl: string): string {
  return item.url ?? `${siteUrl.replace(/\/$/, '')}${productHref(item.product_id)}`;
}

/** The alert mail: each product with its old and new price and the cheapest retailer's link. */
export function priceAlertMail(items: readonly AlertItem[], links: { siteUrl: string; unsubscribeUrl: string }): AlertMail {
  const subject = items.length === 1
    ? `Price drop: ${items[0]!.name} is now ${formatPrice(items[0]!.new_price)}`
    : `Price drops on ${items.length} gifts in your wishlist`;
  const lead = items.length === 1 ? 'A gift in your wishlist got cheaper:' : `${items.length} gifts in your wishlist got cheaper:`;
  const lines = items.map((i) =>
    `- ${i.name}: ${formatPrice(i.old_price)} → ${formatPrice(i.new_price)} at ${i.platform}\n  ${itemLink(i, links.siteUrl)}`);
  const text = [
    lead,
    '',
    ...lines,
    '',
    `You get this mail because you turned on price-drop alerts on your wishlist. Unsubscribe: ${links.unsubscribeUrl}`,
  ].join('\n');
  const rows = items.map((i) => `<li><strong>${escapeHtml(i.name)}</strong>: <s>${formatPrice(i.old_price)}</s> ${formatPrice(i.new_price)}
 at <a href="${escapeHtml(itemLink(i, links.siteUrl))}">${escapeHtml(i.platform)}</a></li>`);
  const html = [
    `<p>${lead}</p>`,
    `<ul>\n${rows.join('\n')}\n</ul>`,
    `<p style="font-size:small">You get this mail because you turned on price-drop alerts on your wishlist.
 <a href="${escapeHtml(links.unsubscribeUrl)}">Unsubscribe</a></p>`,
  ].join('\n');
  return { subject, text, html };
}
