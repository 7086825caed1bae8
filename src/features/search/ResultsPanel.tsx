/**
 * The /search results of the chosen tab: the error with a retry, 'Searching…', the empty state
 * with tips, or the page's products and blogs (each kind titled when All lists both), then the
 * page links.
 */
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { buttonVariants } from '../../components/ui/button.ts';
import { BlogCard } from '../blog/cards/BlogCard.tsx';
import { productCardData } from '../catalog/cards/card.ts';
import { ProductCard } from '../catalog/cards/ProductCard.tsx';
import { ListingPagination } from '../catalog/listings/ListingPagination.tsx';
import { listingSummary } from '../catalog/listings/listing.ts';
import { isPlainClick } from '../catalog/listings/use-listing-url.ts';
import {
  blogHitCard, listedKinds, searchPageHref, tabPages, withPage, type SearchPageState, type SearchTab, type TabCounts,
} from './page-state.ts';
import type { BlogHit, ProductHit } from './queries.ts';
import { isBestMatch, SEARCH_PAGE_SIZE } from './rules.ts';

const NOUNS = { products: { one: 'product', many: 'products' }, blogs: { one: 'blog', many: 'blogs' } } as const;

interface Props {
  state: SearchPageState;
  /** Ready once every result the tab needs has been read. */
  status: 'error' | 'loading' | 'ready';
  onRetry: () => void;
  counts: TabCounts;
  /** The page's hits of each kind the tab lists. */
  products: ProductHit[];
  blogs: BlogHit[];
  now: Date;
  onPage: (page: number) => void;
}

export function ResultsPanel({ state, status, onRetry, counts, products, blogs, now, onPage }: Props) {
  return (
    <div role="tabpanel" id="search-panel" aria-labelledby={`search-tab-${state.tab}`} aria-busy={status === 'loading'} className="pt-6">
      {status === 'error' ? (
        <SearchError onRetry={onRetry} />
      ) : status === 'loading' ? (
        <Searching />
      ) : counts[state.tab] === 0 ? (
        <NoResults q={state.q.trim()} tab={state.tab} />
      ) : (
        <Results
          state={state}
          products={products}
          blogs={blogs}
          counts={{ products: counts.products ?? 0, blogs: counts.blogs ?? 0 }}
          now={now}
          onPage={onPage}
        />
      )}
      {status === 'ready' && (
        <ListingPagination
          page={state.page}
          pages={tabPages(state.tab, counts)}
          href={(page) => searchPageHref(withPage(state, page))}
          onPage={onPage}
        />
      )}
    </div>
  );
}

interface ResultsProps {
  state: SearchPageState;
  products: ProductHit[];
  blogs: BlogHit[];
  counts: { products: number; blogs: number };
  now: Date;
  onPage: (page: number) => void;
}

function Results({ state, products, blogs, counts, now, onPage }: ResultsProps) {
  const kinds = listedKinds(state.tab);
  const both = kinds.products && kinds.blogs;
  if (products.length === 0 && blogs.length === 0) {
    return (
      <div className="py-16 text-center">
        <p className="mb-4 text-ink">There are no results on page {state.page}.</p>
        <a
          href={searchPageHref(withPage(state, 1))}
          onClick={(event) => {
            if (!isPlainClick(event)) return;
            event.preventDefault();
            onPage(1);
          }}
          className={buttonVariants({ size: 'notice' })}
        >
          Go to page 1
        </a>
      </div>
    );
  }
  return (
    <div className="space-y-12">
      {kinds.products && products.length > 0 && (
        <Section title="Products" summary={listingSummary(state.page, counts.products, NOUNS.products, SEARCH_PAGE_SIZE)} visibleTitle={both}>
          <ul className="grid grid-cols-2 gap-4 lg:grid-cols-3 xl:grid-cols-4">
            {products.map((hit, index) => (
              <li key={hit.id}>
                <ProductCard product={productCardData(hit)} now={now} eager={index < 4} badge={isBestMatch(hit.rank) ? 'Best Match' : undefined} />
              </li>
            ))}
          </ul>
        </Section>
      )}
      {kinds.blogs && blogs.length > 0 && (
        <Section title="Blogs" summary={listingSummary(state.page, counts.blogs, NOUNS.blogs, SEARCH_PAGE_SIZE)} visibleTitle={both}>
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {blogs.map((hit) => (
              <li key={hit.id} className="relative">
                <BlogCard blog={blogHitCard(hit)} />
                {isBestMatch(hit.rank) && (
                  <span className="pointer-events-none absolute left-3 top-3 rounded-full bg-emerald-700 px-2.5 py-1 text-xs font-bold text-white">Best Match</span>
                )}
              </li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}

function Section({ title, summary, visibleTitle, children }: { title: string; summary: string; visibleTitle: boolean; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className={visibleTitle ? 'text-xl font-bold text-ink' : 'sr-only'}>{title}</h2>
        <p className="text-sm text-muted">{summary}</p>
      </div>
      {children}
    </section>
  );
}

function Searching() {
  return (
    <div>
      <p role="status" className="sr-only">Searching…</p>
      <ul aria-hidden="true" className="grid grid-cols-2 gap-4 lg:grid-cols-3 xl:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          <li key={i} className="overflow-hidden rounded-2xl border border-black/5">
            <div className="aspect-square animate-pulse bg-gray-100" />
            <div className="space-y-2 p-4">
              <div className="h-4 w-3/4 animate-pulse rounded bg-gray-100" />
              <div className="h-4 w-1/3 animate-pulse rounded bg-gray-100" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Spec: an empty state with tips (check spelling, try different keywords, use more general terms). */
function NoResults({ q, tab }: { q: string; tab: SearchTab }) {
  const what = tab === 'all' ? 'results' : tab;
  return (
    <div className="mx-auto max-w-xl py-12 text-center">
      <h2 className="text-2xl font-bold text-ink">No {what} found</h2>
      <p className="mt-2 text-muted">We couldn't find any {what} matching “{q}”.</p>
      <div className="mt-6 rounded-2xl bg-gray-50 p-6 text-left">
        <h3 className="font-semibold text-ink">Search tips</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-ink">
          <li>Check spelling</li>
          <li>Try different keywords</li>
          <li>Use more general terms</li>
        </ul>
      </div>
      <a href="/products" className={buttonVariants({ size: 'notice', className: 'mt-6' })}>Browse all products</a>
    </div>
  );
}

/** Spec: 'Search Error' with 'Something went wrong. Please try again.' */
function SearchError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="mx-auto max-w-xl py-12 text-center">
      <h2 className="text-2xl font-bold text-ink">Search Error</h2>
      <p className="mt-2 text-muted">Something went wrong. Please try again.</p>
      <Button size="notice" className="mt-6" onClick={onRetry}>Retry</Button>
    </div>
  );
}
