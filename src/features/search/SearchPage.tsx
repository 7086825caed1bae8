/**
 * The /search island (spec: Search page). The page is prebuilt once, so everything comes from the
 * address at run time: q, the tab (All, Products, Blogs), the product sort and the page, kept in
 * step with the address. Products and blogs are searched in parallel; the tab counts come from
 * each kind's first page, so they stay put while a tab is paged.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { buttonVariants } from '../../components/ui/button.ts';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary.tsx';
import { createQuery, type QueryState } from '../../lib/query-cache.ts';
import { useQuery } from '../../lib/use-load.ts';
import { authClient } from '../account/store.ts';
import { BlogCard } from '../blog/BlogCard.tsx';
import { ListingPagination } from '../catalog/ListingPagination.tsx';
import { PILL_SELECT } from '../catalog/ListingParts.tsx';
import { ProductCard, useCardBehaviour } from '../catalog/ProductCard.tsx';
import { listingSummary } from '../catalog/listing.ts';
import { isPlainClick, useListingUrl } from '../catalog/use-listing-url.ts';
import { BRAND } from '../seo/site.ts';
import {
  blogHitCard, listedKinds, NO_SEARCH, parseSearchState, productHitCard, RESULTS_STALE_MS, SEARCH_SORT_LABELS, SEARCH_SORTS,
  SEARCH_TABS, searchPageHref, TAB_LABELS, tabCounts, tabPages, withPage, withSort, withTab, withText,
  type SearchPageState, type SearchTab,
} from './page-state.ts';
import {
  searchBlogs, searchProducts, type BlogHit, type ProductHit, type SearchPage as ResultPage, type SearchQuery,
} from './queries.ts';
import { isBestMatch, SEARCH_PAGE_SIZE, searchTerm } from './rules.ts';
import { rememberRecentSearch } from './store.ts';

const productResults = createQuery(async (query: SearchQuery) => searchProducts(await authClient(), query), { staleMs: RESULTS_STALE_MS });
const blogResults = createQuery(async (query: SearchQuery) => searchBlogs(await authClient(), query), { staleMs: RESULTS_STALE_MS });

const NOUNS = { products: { one: 'product', many: 'products' }, blogs: { one: 'blog', many: 'blogs' } } as const;

export default function SearchPage() {
  return (
    <ErrorBoundary>
      <Search />
    </ErrorBoundary>
  );
}

type Read<T> = { state: QueryState<ResultPage<T>>; retry: () => void };

const totalOf = <T,>(read: Read<T>) => (read.state.status === 'ready' ? read.state.data.total : null);

function Search() {
  useCardBehaviour();
  const now = useMemo(() => new Date(), []);
  const { state, change, addressRead } = useListingUrl(NO_SEARCH, parseSearchState, searchPageHref);
  const term = searchTerm(state.q);
  const kinds = listedKinds(state.tab);
  // Blogs have no sort: one cache entry per page whatever the product sort.
  const productQuery = (page: number): SearchQuery | null => (term ? { term, sort: state.sort, page } : null);
  const blogQuery = (page: number): SearchQuery | null => (term ? { term, sort: 'relevance', page } : null);

  // The first pages give the counts and are read whatever the tab, both at once.
  const productsFirst = useQuery(productResults, productQuery(1));
  const blogsFirst = useQuery(blogResults, blogQuery(1));
  const products = useQuery(productResults, kinds.products ? productQuery(state.page) : null);
  const blogs = useQuery(blogResults, kinds.blogs ? blogQuery(state.page) : null);

  const counts = tabCounts(totalOf(productsFirst), totalOf(blogsFirst));
  const reads = [productsFirst, blogsFirst, ...(kinds.products ? [products] : []), ...(kinds.blogs ? [blogs] : [])];
  const failed = reads.some((r) => r.state.status === 'error');
  const loading = reads.some((r) => r.state.status === 'loading');

  const heading = term ? `Search results for “${state.q.trim()}”` : 'Search';
  useEffect(() => {
    if (addressRead) document.title = `${heading} | ${BRAND}`;
  }, [addressRead, heading]);

  return (
    <>
      <QueryBox
        key={state.q}
        initial={state.q}
        onSearch={(q) => {
          rememberRecentSearch(q);
          change(withText(state, q));
        }}
      />
      <h1 className="mt-8 text-3xl font-bold tracking-tight text-ink md:text-4xl">{heading}</h1>
      {!addressRead ? (
        <NeedsJavaScript />
      ) : !term ? (
        <p className="mt-4 text-muted">
          {state.q.trim() ? 'Type at least 2 characters to search.' : 'Search gifts and blog articles by name, hobby or occasion.'}
        </p>
      ) : (
        <>
          <div className="mt-6 flex flex-wrap items-end justify-between gap-4 border-b border-black/10">
            <Tabs current={state.tab} counts={counts} onChoose={(tab) => change(withTab(state, tab))} />
            {kinds.products && (
              <div className="mb-3 flex items-center gap-2">
                <label htmlFor="search-sort" className="text-sm font-medium text-ink">Sort by</label>
                <select
                  id="search-sort"
                  value={state.sort}
                  onChange={(event) => {
                    const sort = SEARCH_SORTS.find((s) => s === event.target.value);
                    if (sort) change(withSort(state, sort));
                  }}
                  className={PILL_SELECT}
                >
                  {SEARCH_SORTS.map((sort) => <option key={sort} value={sort}>{SEARCH_SORT_LABELS[sort]}</option>)}
                </select>
              </div>
            )}
          </div>
          <div role="tabpanel" id="search-panel" aria-labelledby={`search-tab-${state.tab}`} aria-busy={loading} className="pt-6">
            {failed ? (
              <SearchError onRetry={() => reads.forEach((r) => r.state.status === 'error' && r.retry())} />
            ) : loading ? (
              <Searching />
            ) : counts[state.tab] === 0 ? (
              <NoResults q={state.q.trim()} tab={state.tab} />
            ) : (
              <Results
                state={state}
                products={products.state.status === 'ready' ? products.state.data.hits : []}
                blogs={blogs.state.status === 'ready' ? blogs.state.data.hits : []}
                counts={{ products: counts.products ?? 0, blogs: counts.blogs ?? 0 }}
                now={now}
                onPage={(page) => change(withPage(state, page))}
              />
            )}
            {!failed && !loading && (
              <ListingPagination
                page={state.page}
                pages={tabPages(state.tab, counts)}
                href={(page) => searchPageHref(withPage(state, page))}
                onPage={(page) => change(withPage(state, page))}
              />
            )}
          </div>
        </>
      )}
    </>
  );
}

const BROWSE = [
  { href: '/products', label: 'All Products' },
  { href: '/gender/for_him', label: 'For Him' },
  { href: '/gender/for_her', label: 'For Her' },
  { href: '/gender/for_both', label: 'For Both' },
  { href: '/blog', label: 'Blog' },
  { href: '/quiz-detail/for_both', label: 'Gift Quiz' },
];

/**
 * What the prebuilt page says until the island has read the address. Without JavaScript it stays;
 * with it the island replaces it long before the delayed reveal (search.astro's style), so it does
 * not flash while the page loads.
 */
function NeedsJavaScript() {
  return (
    <div className="search-needs-js mt-6 max-w-2xl rounded-2xl bg-gray-50 p-6">
      <p className="font-semibold text-ink">Search needs JavaScript.</p>
      <p className="mt-1 text-muted">Turn it on to search, or browse the shop instead:</p>
      <ul className="mt-4 flex flex-wrap gap-2">
        {BROWSE.map((link) => (
          <li key={link.href}>
            <a href={link.href} className="inline-block rounded-full border border-black/10 bg-white px-4 py-2 text-sm font-medium text-ink hover:border-brand-500 hover:text-brand-700">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The page's own search box: a plain GET form, handled in the page once hydrated. */
function QueryBox({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(initial);
  return (
    <form
      action="/search"
      method="get"
      role="search"
      aria-label="Search gifts and blogs"
      className="flex max-w-2xl gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) onSearch(text);
      }}
    >
      <label htmlFor="search-page-query" className="sr-only">Search gifts and blogs</label>
      <input
        id="search-page-query"
        name="q"
        type="search"
        required
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="What are you looking for?"
        className="min-w-0 flex-1 rounded-full border border-black/15 bg-white px-5 py-3 text-base text-ink placeholder:text-muted focus:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      />
      <Button type="submit" size="notice">Search</Button>
    </form>
  );
}

/** Tabs with counts (spec: All, Products, Blogs): arrow keys, Home and End move between them. */
function Tabs({ current, counts, onChoose }: { current: SearchTab; counts: Record<SearchTab, number | null>; onChoose: (tab: SearchTab) => void }) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = SEARCH_TABS.indexOf(current);
    const last = SEARCH_TABS.length - 1;
    const next = { ArrowRight: Math.min(index + 1, last), ArrowLeft: Math.max(index - 1, 0), Home: 0, End: last }[event.key];
    const tab = next === undefined ? undefined : SEARCH_TABS[next];
    if (!tab) return;
    event.preventDefault();
    onChoose(tab);
    list.current?.querySelector<HTMLElement>(`#search-tab-${tab}`)?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label="Search results" className="-mb-px flex gap-1" onKeyDown={onKeyDown}>
      {SEARCH_TABS.map((tab) => {
        const selected = tab === current;
        const count = counts[tab];
        return (
          <button
            key={tab}
            id={`search-tab-${tab}`}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls="search-panel"
            tabIndex={selected ? 0 : -1}
            onClick={() => !selected && onChoose(tab)}
            className={`border-b-2 px-4 py-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600 ${
              selected ? 'border-brand-600 text-brand-700' : 'border-transparent text-muted hover:text-ink'
            }`}
          >
            {TAB_LABELS[tab]}
            {count !== null && <span className="font-normal"> ({count})</span>}
          </button>
        );
      })}
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
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {products.map((hit, index) => (
              <li key={hit.id}>
                <ProductCard product={productHitCard(hit)} now={now} eager={index < 4} badge={isBestMatch(hit.rank) ? 'Best Match' : undefined} />
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
      <ul aria-hidden="true" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
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
