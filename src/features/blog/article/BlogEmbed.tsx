/**
 * A product embed in a blog body. A React component so that the article page (rendered at build
 * time, no JavaScript) and the admin editor's live preview show the very same markup.
 */
import { buttonVariants } from '../../../components/ui/button.ts';
import type { EmbedView } from '../text/embeds.ts';

/** Heading level of an embed's title, to keep the article's headings in order. */
export type EmbedLevel = 2 | 3 | 4 | 5 | 6;
const HEADINGS = { 2: 'h2', 3: 'h3', 4: 'h4', 5: 'h5', 6: 'h6' } as const;
const COLUMNS = { 1: 'sm:grid-cols-1 max-w-sm', 2: 'sm:grid-cols-2 max-w-2xl', 3: 'sm:grid-cols-3' } as const;

/** A product embed in a blog body, rendered from its view (see ../text/embeds.ts). */
export function BlogEmbed({ view, level }: { view: EmbedView; level: EmbedLevel }) {
  const Heading = HEADINGS[level];
  // Under a titled three-product embed, its products' names are one level deeper.
  const ProductHeading = HEADINGS[view.kind === 'three-products' && view.title ? (Math.min(6, level + 1) as EmbedLevel) : level];

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
              <a href={product.href} data-track-product={product.id} className={buttonVariants({ class: 'mt-auto' })}>
                View Details<span className="sr-only">: {product.name}</span>
              </a>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}
