/**
 * The blog body pipeline, shared by the public article page and the admin editor's preview.
 *
 * A body is markdown with product embeds on their own lines:
 *   <product-embed productId="…" title="…" excerpt="…" description="…"></product-embed>
 *   <three-products title="…" excerpt="…" productid='["…","…","…"]'></three-products>
 * It is split into segments: HTML for the prose (rendered by marked) and one segment per embed,
 * which the page renders with the products it loaded. Attribute names are case-insensitive and a
 * self-closing tag is accepted too. An embed indented into a list or quote is not a segment of
 * its own and renders nothing.
 *
 * Headings start at h2: the article's title is the page's h1.
 *
 * Safety: raw HTML in the markdown is shown as text (escaped), HTML comments are dropped; link
 * and image URLs are kept only if relative or http, https, irc, ircs, mailto or xmpp, otherwise
 * they become empty; every attribute value is escaped, so character references cannot smuggle a
 * scheme past the check. Absolute links get rel="noopener noreferrer"; web links also open in a
 * new tab so the reader keeps the article.
 */
import { Marked, type RendererObject, type Token, type TokenizerAndRendererExtension } from 'marked';
import { escapeHtml } from '../../../lib/escape-html.ts';

export type BlogSegment =
  | { kind: 'html'; html: string }
  | { kind: 'product'; productId: string; title: string; excerpt: string; description: string }
  | { kind: 'three-products'; productIds: string[]; title: string; excerpt: string }
  | { kind: 'error'; message: string };

/** The single-product embed's error when the tag has no product id (spec text). */
export const NO_PRODUCT_ID_MESSAGE = 'Error: No product ID specified';

const EMBED = 'shopEmbed';
const ATTRIBUTE = String.raw`\s+[A-Za-z_:][\w:.-]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>\x60]+))?`;
const EMBED_LINE = new RegExp(
  String.raw`^ {0,3}<(product-embed|three-products)((?:${ATTRIBUTE})*)\s*(?:\/>|>\s*<\/\1\s*>)[ \t]*(?:\n|$)`,
  'i',
);
const EMBED_START = /^ {0,3}<(?:product-embed|three-products)[\s/>]/im;
const ATTRIBUTE_PAIR = /([A-Za-z_:][\w:.-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const embedTags: TokenizerAndRendererExtension = {
  name: EMBED,
  level: 'block',
  start: (src) => src.match(EMBED_START)?.index,
  tokenizer: (src) => {
    const match = EMBED_LINE.exec(src);
    return match ? { type: EMBED, raw: match[0] } : undefined;
  },
  renderer: () => '',
};

/**
 * Links of the body being rendered that lead to a page no longer there (a deleted product's):
 * they show as their text. Marked hands the renderer the lexer's own tokens, so they are marked
 * between lexing and rendering.
 */
const deadLinks = new WeakSet<Token>();

const htmlRenderer: RendererObject = {
  // The article's title is the page's one h1, so a '# heading' in the body is a section like '##'.
  heading({ tokens, depth }) {
    const level = Math.max(2, depth);
    return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
  },
  html: ({ text, block }) => (isComment(text) ? '' : block ? `<p>${escapeHtml(text.trim())}</p>\n` : escapeHtml(text)),
  link(token) {
    const { href, title, tokens } = token;
    if (deadLinks.has(token)) return this.parser.parseInline(tokens);
    const url = safeUrl(href);
    return `<a href="${escapeHtml(encodeUrl(url))}"${titleAttribute(title)}${externalAttributes(url)}>${this.parser.parseInline(tokens)}</a>`;
  },
  image: ({ href, title, text }) =>
    `<img src="${escapeHtml(encodeUrl(safeUrl(href)))}" alt="${escapeHtml(decodeEntities(text))}"${titleAttribute(title)} loading="lazy">`,
};

const blogHtml = new Marked({ gfm: true, async: false, extensions: [embedTags], renderer: htmlRenderer });

export interface BodyLinks {
  /** Whether a link's address leads to a page that is gone (a deleted product's): it shows as its text. */
  leadsNowhere: (href: string) => boolean;
}

/**
 * Blog body segments (spec: markdown as HTML, product-embed and three-products tags as embeds).
 * With `links`, a link that leads nowhere is left out and its text kept (the public article; the
 * admin's preview shows every link as written).
 */
export function blogSegments(markdown: string, links?: BodyLinks): BlogSegment[] {
  const segments: BlogSegment[] = [];
  let prose: Token[] = [];
  const flushProse = () => {
    const html = blogHtml.parser(prose).trim();
    if (html) segments.push({ kind: 'html', html });
    prose = [];
  };
  const tokens = blogHtml.lexer(markdown);
  if (links) {
    blogHtml.walkTokens(tokens, (token) => {
      if (token.type === 'link' && links.leadsNowhere(token.href)) deadLinks.add(token);
    });
  }
  for (const token of tokens) {
    if (token.type !== EMBED) {
      prose.push(token);
      continue;
    }
    flushProse();
    segments.push(embedSegment(token.raw));
  }
  flushProse();
  return segments;
}

/** Embed tag (spec: single has title, productId, excerpt, description; three has title, excerpt, productid JSON list). */
export function embedSegment(tag: string): BlogSegment {
  const match = EMBED_LINE.exec(tag.trimStart());
  const attributes = readAttributes(match?.[2] ?? '');
  const text = (name: string) => attributes.get(name) ?? '';
  if (match?.[1]?.toLowerCase() === 'three-products') {
    return { kind: 'three-products', productIds: productIdList(text('productid')), title: text('title'), excerpt: text('excerpt') };
  }
  const productId = text('productid').trim().toLowerCase();
  if (!productId) return { kind: 'error', message: NO_PRODUCT_ID_MESSAGE };
  return { kind: 'product', productId, title: text('title'), excerpt: text('excerpt'), description: text('description') };
}

const SQL_EMBED_TAG = /<(?:product-embed|three-products)\s[^>]*>/gi;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Embedded product ids (same as SQL public.embedded_product_ids: first appearance, de-duplicated, lower case). */
export function embeddedProductIds(markdown: string): string[] {
  const ids = (markdown.match(SQL_EMBED_TAG) ?? []).flatMap((tag) => tag.match(UUID) ?? []);
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

const textRenderer: RendererObject = {
  space: () => '\n',
  code: ({ text }) => `${text}\n`,
  blockquote({ tokens }) { return this.parser.parse(tokens); },
  html: () => '',
  def: () => '',
  heading({ tokens }) { return `${this.parser.parseInline(tokens)}\n`; },
  hr: () => '\n',
  list(token) { return token.items.map((item) => this.listitem(item)).join(''); },
  listitem(item) { return `${this.parser.parse(item.tokens)}\n`; },
  checkbox: () => '',
  paragraph({ tokens }) { return `${this.parser.parseInline(tokens)}\n`; },
  table(token) {
    const cells = [...token.header, ...token.rows.flat()];
    return `${cells.map((cell) => this.parser.parseInline(cell.tokens)).join(' ')}\n`;
  },
  strong({ tokens }) { return this.parser.parseInline(tokens); },
  em({ tokens }) { return this.parser.parseInline(tokens); },
  del({ tokens }) { return this.parser.parseInline(tokens); },
  codespan: ({ text }) => text,
  br: () => ' ',
  link({ tokens }) { return this.parser.parseInline(tokens); },
  image: () => '',
  text(token) {
    return 'tokens' in token && token.tokens ? this.parser.parseInline(token.tokens) : decodeEntities(token.text);
  },
};

const blogText = new Marked({ gfm: true, async: false, extensions: [embedTags], renderer: textRenderer });

/** Plain text of a blog body for descriptions and read time: the words a reader sees, no tags, embeds or images. */
export function plainText(markdown: string): string {
  return blogText.parser(blogText.lexer(markdown)).replace(/\s+/g, ' ').trim();
}

const SAFE_PROTOCOL = /^(?:https?|ircs?|mailto|xmpp)$/i;

/** Markdown link URL (spec: accepted only if relative or http, https, irc, ircs, mailto or xmpp; else empty). */
export function safeUrl(href: string): string {
  // Browsers drop tabs and newlines inside a URL and control characters around it; so does the check.
  const url = decodeEntities(href).replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  const colon = url.indexOf(':');
  const pathStart = url.search(/[/?#]/);
  const relative = colon < 0 || (pathStart >= 0 && pathStart < colon);
  return relative || SAFE_PROTOCOL.test(url.slice(0, colon)) ? url : '';
}

function readAttributes(source: string): Map<string, string> {
  const pairs = [...source.matchAll(ATTRIBUTE_PAIR)];
  return new Map(pairs.map((m) => [(m[1] ?? '').toLowerCase(), decodeEntities(m[2] ?? m[3] ?? m[4] ?? '')]));
}

/** The three-product tag's id list; anything but a JSON list gives no ids. */
function productIdList(json: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((id) => (typeof id === 'string' && id.trim() ? [id.trim().toLowerCase()] : []));
}

function externalAttributes(url: string): string {
  if (/^(?:https?:)?\/\//i.test(url)) return ' target="_blank" rel="noopener noreferrer"';
  return /^[a-z][a-z0-9+.-]*:/i.test(url) ? ' rel="noopener noreferrer"' : '';
}

function titleAttribute(title: string | null | undefined): string {
  return title ? ` title="${escapeHtml(decodeEntities(title))}"` : '';
}

function encodeUrl(url: string): string {
  try {
    return encodeURI(url).replace(/%25/g, '%');
  } catch {
    return '';
  }
}

/** A lone HTML comment: invisible in a browser, so it is dropped rather than shown. */
function isComment(html: string): boolean {
  return /^<!--(?:(?!-->)[\s\S])*-->$/.test(html.trim());
}

// Character references that could spell out a URL scheme or markup. Unknown ones stay literal,
// which is safe: output escapes every '&', so the browser sees exactly the checked text.
const NAMED_REFERENCES: Record<string, string> = {
  amp: '&', AMP: '&', lt: '<', LT: '<', gt: '>', GT: '>', quot: '"', QUOT: '"', apos: "'", nbsp: '\u00a0',
  colon: ':', Tab: '\t', NewLine: '\n', lpar: '(', rpar: ')', sol: '/', bsol: '\\', period: '.', excl: '!',
  commat: '@', num: '#', percnt: '%', quest: '?', equals: '=', semi: ';', comma: ',', lowbar: '_', hyphen: '-',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[A-Za-z][A-Za-z0-9]*);/g, (reference, name: string) => {
    if (!name.startsWith('#')) return NAMED_REFERENCES[name] ?? reference;
    const code = /^#[xX]/.test(name) ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\uFFFD';
  });
}
