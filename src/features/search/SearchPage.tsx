/**
 * The /search island (spec: Search page). The page is prebuilt once, so everything comes from the
 * address at run time: q, the tab (All, Products, Blogs), the product sort and the page, kept in
 * step with the address. Products and blogs are searched in parallel; the tab counts come from
 * each kind's first page, so they stay put while a tab is paged.
 */
import { useEffect, useMemo } from 'react';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary.tsx';
import { createQuery, type QueryState } from '../../lib/query-cache.ts';
import { useQuery } from '../../lib/use-load.ts';
import { authClient } from '../account/store.ts';
import { useCardBehaviour } from '../catalog/cards/ProductCard.tsx';
import { useListingUrl } from '../catalog/listings/use-listing-url.ts';
import { BRAND } from '../seo/site.ts';
import {
  listedKinds, NO_SEARCH, parseSearchState, RESULTS_STALE_MS, searchHeading, searchPageHref, tabCounts, withPage, withSort, withTab,
  withText,
} from './page-state.ts';
import { QueryBox } from './QueryBox.tsx';
import { searchBlogs, searchProducts, type SearchPage as ResultPage, type SearchQuery } from './queries.ts';
import { ResultsBar } from './ResultsBar.tsx';
import { ResultsPanel } from './ResultsPanel.tsx';
import { searchTerm } from './rules.ts';
import { rememberRecentSearch } from './store.ts';

const productResults = createQuery(async (query: SearchQuery) => searchProducts(await authClient(), query), { staleMs: RESULTS_STALE_MS });
const blogResults = createQuery(async (query: SearchQuery) => searchBlogs(await authClient(), query), { staleMs: RESULTS_STALE_MS });

export default function SearchPage() {
  return (
    <ErrorBoundary>
      <Search />
    </ErrorBoundary>
  );
}

type Read<T> = { state: QueryState<ResultPage<T>>; retry: () => void };

const totalOf = <T,>(read: Read<T>) => (read.state.status === 'ready' ? read.state.data.total : null);
const hitsOf = <T,>(read: Read<T>) => (read.state.status === 'ready' ? read.state.data.hits : []);

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

  const heading = searchHeading(state.q);
  useEffect(() => {
    if (addressRead) document.title = `${heading} | ${BRAND}`;
  }, [addressRead, heading]);

  return (
    <>
      <QueryBox
        initial={state.q}
        ready={addressRead}
        onSearch={(q) => {
          rememberRecentSearch(q);
          change(withText(state, q));
        }}
      />
      <h1 className="mt-8 text-3xl font-bold tracking-tight wrap-anywhere text-ink md:text-4xl">{heading}</h1>
      {!addressRead ? (
        <NeedsJavaScript />
      ) : !term ? (
        <p className="mt-4 text-muted">
          {state.q.trim() ? 'Type at least 2 characters to search.' : 'Search gifts and blog articles by name, hobby or occasion.'}
        </p>
      ) : (
        <>
          <ResultsBar
            tab={state.tab}
            counts={counts}
            onTab={(tab) => change(withTab(state, tab))}
            sort={kinds.products ? state.sort : null}
            onSort={(sort) => change(withSort(state, sort))}
          />
          <ResultsPanel
            state={state}
            status={failed ? 'error' : loading ? 'loading' : 'ready'}
            onRetry={() => reads.forEach((r) => r.state.status === 'error' && r.retry())}
            counts={counts}
            products={hitsOf(products)}
            blogs={hitsOf(blogs)}
            now={now}
            onPage={(page) => change(withPage(state, page))}
          />
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
