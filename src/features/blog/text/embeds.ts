/**
 * What a product embed in a blog body shows, given the products found for it: the shared rules of
 * the prebuilt article page (products always ready) and of the admin editor's live preview
 * (products loading or failed). The components only render the view.
 */
import type { Product } from '../../catalog/core/model.ts';
import { formatPrice } from '../../catalog/core/price.ts';
import { productHref } from '../../../lib/links.ts';
import type { BlogSegment } from './markdown.ts';

export type EmbedSegment = Exclude<BlogSegment, { kind: 'html' }>;
export type EmbedProduct = Pick<Product, 'id' | 'name' | 'price' | 'imageUrl' | 'tagline'>;

/** The products behind an embed: still loading, failed to load, or found (a lookup by id). */
export type EmbedProducts =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; product: (id: string) => EmbedProduct | undefined };

export interface EmbedProductCard {
  id: string;
  name: string;
  /** '$' plus the price. */
  price: string;
  imageUrl: string;
  tagline: string | null;
  href: string;
}

export type EmbedView =
  | { kind: 'loading'; layout: 'product' | 'three-products' }
  | { kind: 'message'; tone: 'error' | 'empty'; message: string }
  | { kind: 'product'; product: EmbedProductCard; excerpt: string | null; description: string | null }
  | { kind: 'three-products'; title: string | null; excerpt: string | null; columns: 1 | 2 | 3; products: EmbedProductCard[] };

/** The three-product embed shows at most three products. */
const THREE = 3;

/** Texts of a failed embed render (spec: 'Something went wrong' with a 'Refresh Page' button). */
export const EMBED_RENDER_FAILURE = {
  title: 'Something went wrong',
  message: "We're having trouble loading this content. Please try refreshing the page.",
  action: 'Refresh Page',
} as const;

/** Embed view (spec: single-product and three-product embeds with their loading, error, not-found and empty states). */
export function embedView(segment: EmbedSegment, products: EmbedProducts): EmbedView {
  if (segment.kind === 'error') return { kind: 'message', tone: 'error', message: segment.message };
  if (products.status === 'loading') return { kind: 'loading', layout: segment.kind };
  if (segment.kind === 'product') {
    if (products.status === 'error') return errorMessage(`Failed to load product (ID: ${segment.productId})`);
    const product = products.product(segment.productId);
    if (!product) return errorMessage(`Product not found (ID: ${segment.productId})`);
    return { kind: 'product', product: card(product), excerpt: present(segment.excerpt), description: present(segment.description) };
  }
  if (products.status === 'error') return errorMessage('Failed to load products');
  const found = [...new Set(segment.productIds)].flatMap((id) => products.product(id) ?? []).slice(0, THREE);
  if (found.length === 0) return { kind: 'message', tone: 'empty', message: 'No products found' };
  return {
    kind: 'three-products',
    title: present(segment.title),
    excerpt: present(segment.excerpt),
    columns: found.length as 1 | 2 | 3,
    products: found.map(card),
  };
}

/**
 * The embed as shoppers see it on the article page: a product deleted since the article was
 * written is left out quietly (a three-product block shows the ones left), where the editor's
 * preview says 'Product not found'.
 */
export function shopperEmbedView(segment: EmbedSegment, products: EmbedProducts): EmbedView | null {
  if (products.status === 'ready') {
    if (segment.kind === 'product' && !products.product(segment.productId)) return null;
    if (segment.kind === 'three-products' && !segment.productIds.some((id) => products.product(id))) return null;
  }
  return embedView(segment, products);
}

/**
 * Heading level for the embed at `index`: one below the last heading of the body before it (the
 * article title being the h1), so embeds keep the page's headings in order.
 */
export function embedHeadingLevel(segments: readonly BlogSegment[], index: number): 2 | 3 | 4 | 5 | 6 {
  let level = 1;
  for (const segment of segments.slice(0, index)) {
    if (segment.kind !== 'html') continue;
    for (const match of segment.html.matchAll(/<h([1-6])[\s>]/gi)) level = Number(match[1]);
  }
  return Math.min(6, level + 1) as 2 | 3 | 4 | 5 | 6;
}

function card(product: EmbedProduct): EmbedProductCard {
  return {
    id: product.id,
    name: product.name,
    price: formatPrice(product.price),
    imageUrl: product.imageUrl,
    tagline: present(product.tagline),
    href: productHref(product.id),
  };
}

function errorMessage(message: string): EmbedView {
  return { kind: 'message', tone: 'error', message };
}

function present(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
