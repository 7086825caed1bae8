/**
 * The editor's live preview: the same segments and embed views as the public article
 * (blog/text/markdown.ts, blog/text/embeds.ts), with the products looked up while the admin types instead of
 * at build time. Each embed waits only for its own products.
 */
import { type EmbedProduct, type EmbedProducts, type EmbedSegment, type EmbedView, embedView } from '../../blog/text/embeds.ts';
import type { BlogSegment } from '../../blog/text/markdown.ts';
import { readTimeLabel, readTimeMinutes } from '../../blog/text/read-time.ts';
import type { AdminCategory } from '../categories/queries.ts';
import { isImageUrl } from '../fields.ts';
import type { BlogForm } from './editor.ts';
import type { EditorWriter } from './queries.ts';

/** The article's header as the blog-detail page shows it. */
export interface PreviewHeader {
  title: string;
  excerpt: string;
  /** '' for none. */
  imageUrl: string;
  /** An ISO instant. */
  publishDate: string;
  readTime: string;
  category: string | null;
  author: { name: string; imageUrl: string | null; description: string | null } | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The header of the article the form would publish: the chosen writer, or else the typed author;
 * the form's day, or today (the database's default) without one; a picture only if the server
 * would accept it, so the preview never loads anything else.
 */
export function previewHeader(form: BlogForm, categories: readonly AdminCategory[], writers: readonly EditorWriter[], now: Date): PreviewHeader {
  const writer = writers.find((w) => w.id === form.writerId);
  const author = form.author.trim();
  const imageUrl = form.imageUrl.trim();
  return {
    title: form.title || 'Untitled blog',
    excerpt: form.excerpt,
    imageUrl: isImageUrl(imageUrl) ? imageUrl : '',
    publishDate: DAY.test(form.publishDate) ? `${form.publishDate}T00:00:00Z` : now.toISOString(),
    readTime: readTimeLabel(readTimeMinutes(form.content)),
    category: categories.find((c) => c.id === form.categoryId)?.name ?? null,
    author: writer
      ? { name: writer.name, imageUrl: writer.imageUrl, description: writer.description }
      : author ? { name: author, imageUrl: null, description: null } : null,
  };
}

/** What the preview knows about product ids: found (a product), looked up and absent (null), or failed. */
export interface PreviewProducts {
  known: ReadonlyMap<string, EmbedProduct | null>;
  failed: ReadonlySet<string>;
}

export const NO_PREVIEW_PRODUCTS: PreviewProducts = { known: new Map(), failed: new Set() };

function segmentIds(segment: BlogSegment): string[] {
  if (segment.kind === 'product') return [segment.productId];
  if (segment.kind === 'three-products') return segment.productIds;
  return [];
}

/** The ids the body embeds that have not been looked up yet; failed ones only when asked to retry. */
export function idsToLookUp(segments: readonly BlogSegment[], products: PreviewProducts, retryFailed: boolean): string[] {
  return [...new Set(segments.flatMap(segmentIds))].filter((id) =>
    products.failed.has(id) ? retryFailed : !products.known.has(id),
  );
}

/** One embed's products: failed if any of its lookups failed, loading while any is pending. */
export function embedProductsFor(segment: EmbedSegment, products: PreviewProducts): EmbedProducts {
  const ids = segmentIds(segment);
  if (ids.some((id) => products.failed.has(id))) return { status: 'error' };
  if (ids.some((id) => !products.known.has(id))) return { status: 'loading' };
  return { status: 'ready', product: (id) => products.known.get(id) ?? undefined };
}

/** A piece of the body with, for an embed, what it shows. */
export interface PreviewSegment {
  segment: BlogSegment;
  embed: EmbedView | null;
}

/** The body as the public page renders it: each segment with its embed's view. */
export function previewSegments(segments: readonly BlogSegment[], products: PreviewProducts): PreviewSegment[] {
  return segments.map((segment) => ({
    segment,
    embed: segment.kind === 'html' ? null : embedView(segment, embedProductsFor(segment, products)),
  }));
}

/** The preview's knowledge after a lookup of `ids` answered with `found`: the rest are absent. */
export function withLookup(products: PreviewProducts, ids: readonly string[], found: readonly EmbedProduct[]): PreviewProducts {
  const known = new Map(products.known);
  const failed = new Set(products.failed);
  const byId = new Map(found.map((p) => [p.id.toLowerCase(), p]));
  for (const id of ids) {
    known.set(id, byId.get(id) ?? null);
    failed.delete(id);
  }
  return { known, failed };
}

/** The preview's knowledge after a lookup of `ids` failed. */
export function withFailedLookup(products: PreviewProducts, ids: readonly string[]): PreviewProducts {
  const failed = new Set(products.failed);
  for (const id of ids) failed.add(id);
  return { known: products.known, failed };
}
