/**
 * The blog editor's live preview: the public article's header and body rendered from the same
 * rules (blog/text/markdown.ts blogSegments, blog/text/embeds.ts embedView) with the same markup and classes
 * as the article page (pages/blog-detail with blog/article/BlogBody.tsx, WriterAvatar.astro), so
 * the admin sees what readers will. The products are looked up while the admin types.
 */
import { useEffect, useRef, useState } from 'react';
import { ErrorBoundary } from '../../../components/ui/ErrorBoundary.tsx';
import { authClient } from '../../account/store.ts';
import { BlogBody } from '../../blog/article/BlogBody.tsx';
import { longDate } from '../../blog/core/dates.ts';
import type { BlogSegment } from '../../blog/text/markdown.ts';
import { writerInitials } from '../../blog/core/writer.ts';
import {
  idsToLookUp, NO_PREVIEW_PRODUCTS, withFailedLookup, withLookup, type PreviewHeader, type PreviewProducts, type PreviewSegment,
} from './preview.ts';
import { embedProductsByIds } from './queries.ts';

/** Typing pauses this long before the preview looks products up. */
const LOOKUP_DELAY_MS = 300;

/**
 * The products the body embeds, looked up once each (a failed lookup is tried again when the
 * content changes).
 */
export function usePreviewProducts(segments: readonly BlogSegment[], content: string): PreviewProducts {
  const [products, setProducts] = useState<PreviewProducts>(NO_PREVIEW_PRODUCTS);
  const [lastContent, setLastContent] = useState(content);
  const inFlight = useRef(new Set<string>());
  const retry = content !== lastContent;

  useEffect(() => {
    const ids = idsToLookUp(segments, products, retry).filter((id) => !inFlight.current.has(id));
    if (ids.length === 0) return;
    const timer = setTimeout(() => {
      setLastContent(content);
      for (const id of ids) inFlight.current.add(id);
      authClient()
        .then((db) => embedProductsByIds(db, ids))
        .then(
          (found) => setProducts((known) => withLookup(known, ids, found)),
          (error: unknown) => {
            console.error(error);
            setProducts((known) => withFailedLookup(known, ids));
          },
        )
        .finally(() => {
          for (const id of ids) inFlight.current.delete(id);
        });
    }, LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [segments, products, retry, content]);

  return products;
}

/** The article as the blog-detail page lays it out; the page's h1 is the editor's, so the title is not a heading here. */
export function ArticlePreview({ header, segments }: { header: PreviewHeader; segments: PreviewSegment[] }) {
  return (
    <article className="mx-auto max-w-3xl px-4 pb-8 pt-10">
      <header className="space-y-5">
        {header.category && (
          <p className="inline-block rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-brand-700">{header.category}</p>
        )}
        <p className="text-3xl font-bold leading-tight tracking-tight text-ink md:text-5xl">{header.title}</p>
        {header.author && (
          <div className="flex items-center gap-3">
            <WriterAvatar name={header.author.name} imageUrl={header.author.imageUrl} size={48} />
            <div>
              <p className="font-semibold text-ink">{header.author.name}</p>
              {header.author.description && <p className="text-sm text-muted">{header.author.description}</p>}
            </div>
          </div>
        )}
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted">
          <time dateTime={header.publishDate}>{longDate(header.publishDate)}</time>
          <span aria-hidden="true">·</span>
          <span>{header.readTime}</span>
        </p>
        {header.excerpt && <p className="text-xl leading-relaxed text-muted">{header.excerpt}</p>}
      </header>
      {header.imageUrl && (
        <img src={header.imageUrl} alt="" width="1200" height="630" decoding="async" className="mt-8 aspect-[40/21] w-full rounded-3xl bg-brand-50 object-cover" />
      )}
      <div className="mt-10">
        <BlogBody segments={segments} EmbedBoundary={ErrorBoundary} />
      </div>
    </article>
  );
}

function WriterAvatar({ name, imageUrl, size }: { name: string; imageUrl: string | null; size: number }) {
  return (
    <span
      className="relative inline-grid shrink-0 place-items-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-700"
      style={{ width: size, height: size, fontSize: Math.round(size / 2.6) }}
      aria-hidden="true"
    >
      {writerInitials(name)}
      {imageUrl && <img src={imageUrl} alt="" width={size} height={size} loading="lazy" className="absolute inset-0 size-full object-cover" />}
    </span>
  );
}
