/**
 * The blog editor's live preview: the public article's header and body rendered from the same
 * rules (blog/markdown.ts blogSegments, blog/embeds.ts embedView) with the same markup and classes
 * as the article page (pages/blog-detail, BlogBody.astro, BlogEmbed.astro, WriterAvatar.astro), so
 * the admin sees what readers will. The products are looked up while the admin types.
 */
import { useEffect, useRef, useState } from 'react';
import { ErrorBoundary } from '../../../components/ui/ErrorBoundary.tsx';
import { authClient } from '../../account/store.ts';
import '../../blog/blog-body.css';
import { longDate } from '../../blog/dates.ts';
import { embedHeadingLevel, type EmbedView } from '../../blog/embeds.ts';
import type { BlogSegment } from '../../blog/markdown.ts';
import { writerInitials } from '../../blog/writer.ts';
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
        <BlogBodyView segments={segments} />
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

/** BlogBody.astro in React: the prose HTML (already made safe by markdown.ts) with the embeds between. */
function BlogBodyView({ segments }: { segments: PreviewSegment[] }) {
  if (segments.length === 0) return <p className="rounded-2xl bg-gray-50 p-8 text-center text-muted">No content available</p>;
  const plain = segments.map((s) => s.segment);
  return (
    <div className="blog-body">
      {segments.map(({ segment, embed }, index) =>
        segment.kind === 'html' ? (
          <div key={index} className="blog-prose" dangerouslySetInnerHTML={{ __html: segment.html }} />
        ) : (
          embed && (
            // A failed embed shows the spec's 'Something went wrong' with 'Refresh Page' instead of breaking the preview.
            <ErrorBoundary key={index}>
              <BlogEmbedView view={embed} level={embedHeadingLevel(plain, index)} />
            </ErrorBoundary>
          )
        ),
      )}
    </div>
  );
}

type Level = 2 | 3 | 4 | 5 | 6;
const HEADINGS = { 2: 'h2', 3: 'h3', 4: 'h4', 5: 'h5', 6: 'h6' } as const;
const COLUMNS = { 1: 'sm:grid-cols-1 max-w-sm', 2: 'sm:grid-cols-2 max-w-2xl', 3: 'sm:grid-cols-3' } as const;

/** BlogEmbed.astro in React, from the same view. */
function BlogEmbedView({ view, level }: { view: EmbedView; level: Level }) {
  const Heading = HEADINGS[level];
  // Under a titled three-product embed, its products' names are one level deeper.
  const ProductHeading = HEADINGS[view.kind === 'three-products' && view.title ? (Math.min(6, level + 1) as Level) : level];

  if (view.kind === 'message') {
    return (
      <p className={`my-6 rounded-2xl p-4 text-sm ${view.tone === 'error' ? 'bg-red-50 text-red-800 ring-1 ring-red-200' : 'bg-gray-50 text-muted ring-1 ring-black/5'}`}>
        {view.message}
      </p>
    );
  }
  if (view.kind === 'loading') {
    return (
      <div className="my-6 grid animate-pulse grid-cols-[6rem_1fr] gap-4 rounded-2xl p-4 ring-1 ring-black/5 sm:grid-cols-[12rem_1fr]" aria-hidden="true">
        <div className="aspect-square rounded-xl bg-gray-100"></div>
        <div className="space-y-3"><div className="h-5 w-2/3 rounded bg-gray-100"></div><div className="h-4 w-1/4 rounded bg-gray-100"></div><div className="h-16 rounded bg-gray-100"></div></div>
      </div>
    );
  }
  if (view.kind === 'product') {
    return (
      <aside className="relative my-8 grid grid-cols-[6rem_1fr] items-start gap-4 overflow-hidden rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 transition hover:shadow-md sm:grid-cols-[12rem_1fr] sm:gap-5 sm:p-5" aria-label={`Featured product: ${view.product.name}`}>
        <img src={view.product.imageUrl} alt="" width="400" height="400" loading="lazy" decoding="async" className="aspect-square w-full rounded-xl bg-gray-50 object-cover" />
        <div className="flex flex-col gap-2">
          <Heading className="text-lg font-bold leading-snug text-ink">
            <a href={view.product.href} data-track-product={view.product.id} className="after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none focus-visible:underline">{view.product.name}</a>
          </Heading>
          <p className="text-xl font-bold text-brand-700">{view.product.price}</p>
          {view.excerpt && <p className="font-medium text-ink">{view.excerpt}</p>}
          {view.description && <p className="text-sm leading-relaxed text-muted">{view.description}</p>}
        </div>
      </aside>
    );
  }
  return (
    <aside className="my-8 rounded-2xl bg-brand-50/60 p-4 sm:p-6" aria-label={view.title ?? 'Product picks'}>
      {view.title && <Heading className="text-lg font-bold text-ink">{view.title}</Heading>}
      {view.excerpt && <p className="mt-1 text-sm text-muted">{view.excerpt}</p>}
      <ul className={`mt-4 grid gap-4 ${COLUMNS[view.columns]}`}>
        {view.products.map((product) => (
          <li key={product.id} className="grid grid-cols-[6rem_1fr] overflow-hidden rounded-xl bg-white ring-1 ring-black/5 sm:flex sm:flex-col">
            <img src={product.imageUrl} alt="" width="400" height="400" loading="lazy" decoding="async" className="h-full w-full bg-gray-50 object-cover sm:aspect-square sm:h-auto" />
            <div className="flex flex-1 flex-col gap-1 p-4">
              <ProductHeading className="line-clamp-2 font-semibold leading-snug text-ink">{product.name}</ProductHeading>
              <p className="font-bold text-brand-700">{product.price}</p>
              {product.tagline && <p className="line-clamp-2 text-sm text-muted">{product.tagline}</p>}
              <a href={product.href} data-track-product={product.id} className="mt-auto inline-flex justify-center rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
                View Details<span className="sr-only">: {product.name}</span>
              </a>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}
