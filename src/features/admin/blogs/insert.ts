/**
 * The blog editor's insert dialog as rules: which products it may choose, when it may insert, the
 * custom tags it writes (in exactly the format blog/text/markdown.ts reads) and where they go in the
 * body. Pure: no React, no database.
 */

/** The dialog's tabs (spec: single, multiple and three). */
export const INSERT_MODES = ['single', 'multiple', 'three'] as const;
export type InsertMode = (typeof INSERT_MODES)[number];

/** The three-product tag holds exactly this many products (spec). */
export const THREE_PRODUCTS = 3;

/** Each tab's name and the line under the tabs that says what it inserts. */
export const INSERT_TABS: Record<InsertMode, { label: string; hint: string }> = {
  single: { label: 'Single', hint: 'One product with an optional title, excerpt and description.' },
  multiple: { label: 'Multiple', hint: 'One product block per chosen product, one after the other.' },
  three: { label: 'Three', hint: `A row of exactly ${THREE_PRODUCTS} products under a title and an excerpt.` },
};

/** What the dialog has chosen and typed. */
export interface InsertChoice {
  mode: InsertMode;
  /** Chosen product ids, in the order they were chosen. */
  productIds: readonly string[];
  title: string;
  excerpt: string;
  /** Only the single-product tag has a description. */
  description: string;
}

/** Insert dialog search (spec: runs when the query has 2 or more characters or is empty). */
export function shouldSearchProducts(query: string): boolean {
  return query === '' || query.trim().length >= 2;
}

/** How many products a tab may hold at once. */
function selectionLimit(mode: InsertMode): number {
  if (mode === 'single') return 1;
  if (mode === 'three') return THREE_PRODUCTS;
  return Number.POSITIVE_INFINITY;
}

/**
 * Choosing a product: a chosen one is unchosen; on the single tab a new choice replaces the old;
 * on the three tab a fourth is refused (spec: no more than 3 can be chosen).
 */
export function toggleProduct(chosen: readonly string[], productId: string, mode: InsertMode): string[] {
  if (chosen.includes(productId)) return chosen.filter((id) => id !== productId);
  if (mode === 'single') return [productId];
  if (chosen.length >= selectionLimit(mode)) return [...chosen];
  return [...chosen, productId];
}

/** A product can still be chosen on this tab (the single tab always swaps its choice). */
export function canChoose(chosen: readonly string[], productId: string, mode: InsertMode): boolean {
  return mode === 'single' || chosen.includes(productId) || chosen.length < selectionLimit(mode);
}

/** Switching tabs keeps what the new tab can hold. */
export function selectionForMode(chosen: readonly string[], mode: InsertMode): string[] {
  return chosen.slice(0, selectionLimit(mode));
}

/**
 * Why the dialog cannot insert yet, or null when it can (spec: single needs a product; multiple at
 * least 1; three exactly 3 products plus a title and an excerpt).
 */
export function insertProblem(choice: InsertChoice): string | null {
  const count = choice.productIds.length;
  if (choice.mode === 'single') return count === 1 ? null : 'Choose a product';
  if (choice.mode === 'multiple') return count >= 1 ? null : 'Choose at least 1 product';
  if (count !== THREE_PRODUCTS) return `Choose exactly ${THREE_PRODUCTS} products (${count} chosen)`;
  if (choice.title.trim() === '') return 'Enter a title';
  if (choice.excerpt.trim() === '') return 'Enter an excerpt';
  return null;
}

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
  '<': '&lt;',
  '>': '&gt;',
  '\n': '&#10;',
};

/**
 * An attribute value as markdown.ts reads it back, for an attribute in `quote`s. That quote would
 * end the value early, and a '>' would end the tag for the database's product-id extraction, so
 * both are written as character references; line breaks too, since a tag must stay on one line.
 */
export function escapeAttribute(value: string, quote: '"' | "'" = '"'): string {
  const special = quote === '"' ? /[&"<>\n]/g : /[&'<>\n]/g;
  return value.replace(/\r\n?/g, '\n').replace(special, (c) => ATTRIBUTE_ESCAPES[c] ?? c);
}

function attributes(pairs: readonly [string, string][]): string {
  return pairs
    .filter(([, value]) => value.trim() !== '')
    .map(([name, value]) => ` ${name}="${escapeAttribute(value.trim())}"`)
    .join('');
}

/** The single-product tag (spec: productId plus optional title, excerpt and description). */
export function productEmbedTag(embed: { productId: string; title?: string; excerpt?: string; description?: string }): string {
  const attrs = attributes([
    ['productId', embed.productId],
    ['title', embed.title ?? ''],
    ['excerpt', embed.excerpt ?? ''],
    ['description', embed.description ?? ''],
  ]);
  return `<product-embed${attrs}></product-embed>`;
}

/** The three-product tag (spec: title, excerpt and productid as a JSON list of ids). */
export function threeProductsTag(embed: { productIds: readonly string[]; title: string; excerpt: string }): string {
  const ids = escapeAttribute(JSON.stringify(embed.productIds), "'");
  return `<three-products${attributes([['title', embed.title], ['excerpt', embed.excerpt]])} productid='${ids}'></three-products>`;
}

/**
 * The lines the dialog inserts, or null while insertProblem has an objection: one single-product
 * tag on the single tab, one per chosen product on the multiple tab, one three-product tag on the
 * three tab.
 */
export function insertTags(choice: InsertChoice): string | null {
  if (insertProblem(choice) !== null) return null;
  if (choice.mode === 'three') return threeProductsTag(choice);
  if (choice.mode === 'single') {
    const [productId = ''] = choice.productIds;
    return productEmbedTag({ productId, title: choice.title, excerpt: choice.excerpt, description: choice.description });
  }
  return choice.productIds.map((productId) => productEmbedTag({ productId })).join('\n');
}

/**
 * Puts a block in place of the selection, on lines of its own with a blank line either side, so
 * markdown reads it as a block of its own and not inside the paragraph around the cursor. Returns
 * the new content and the cursor just after the block.
 */
export function insertBlock(content: string, selectionStart: number, selectionEnd: number, block: string): { content: string; cursor: number } {
  const start = clamp(Math.min(selectionStart, selectionEnd), content.length);
  const end = clamp(Math.max(selectionStart, selectionEnd), content.length);
  const before = content.slice(0, start);
  const after = content.slice(end);
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after === '' ? '\n' : after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const inserted = `${lead}${block}${trail}`;
  return { content: `${before}${inserted}${after}`, cursor: before.length + inserted.length };
}

function clamp(index: number, length: number): number {
  return Number.isFinite(index) ? Math.max(0, Math.min(length, Math.trunc(index))) : length;
}
