/**
 * Pieces the listing islands share: the filters kept in step with the address, the results with
 * their notices, loading and error states and page links, and the sort control (/search's too).
 * The filter links are in FilterLinks.tsx.
 */
import { useCallback, useEffect, useMemo, useRef, type ComponentType, type MouseEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { buttonVariants } from '../../../components/ui/button.ts';
import { cn } from '../../../components/ui/cn.ts';
import { ErrorBoundary } from '../../../components/ui/ErrorBoundary.tsx';
import { useInputBeforeHydration } from '../../../components/ui/use-input-before-hydration.ts';
import type { Query, QueryState } from '../../../lib/query-cache.ts';
import { useQuery } from '../../../lib/use-load.ts';
import { ListingPagination } from './ListingPagination.tsx';
import { useScrollOnReturn } from './scroll-on-return.ts';
import { pageCount } from '../core/paging.ts';
import { withoutForBoth, withPage, type ListingFilters } from './listing.ts';
import { isPlainClick, useListingUrl } from './use-listing-url.ts';

/** The listings' rounded drop-downs: the sort and, on phones, the subcategory. */
export const PILL_SELECT =
  'rounded-full border border-black/15 bg-white px-3 py-2 text-sm text-ink focus:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';

/** A link's click handled in the page (a modified click still opens a tab). */
export function follow(action: () => void) {
  return (event: MouseEvent) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    action();
  };
}

/**
 * The listing pages hide their prebuilt first page while an address with filters waits for the
 * island (an inline script sets the mark); the island lifts it once it has read the address.
 */
function useLiftPendingMark(addressRead: boolean): void {
  useEffect(() => {
    if (addressRead) document.documentElement.removeAttribute('data-listing-pending');
  }, [addressRead]);
}

/** A listing island inside an error boundary: a render error shows the error state, not a blank page. */
export function withErrorBoundary<P extends object>(Island: ComponentType<P>): ComponentType<P> {
  return function Bounded(props: P) {
    return (
      <ErrorBoundary>
        <Island {...props} />
      </ErrorBoundary>
    );
  };
}

export interface ListingPage<F extends ListingFilters, P> {
  /** The filters of an address without any. */
  defaults: F;
  filters: F;
  href: (filters: F) => string;
  /** Shows other filters, as a new history entry. */
  change: (filters: F) => void;
  addressRead: boolean;
  /** The filters are the defaults: the prebuilt first page shows. */
  prebuilt: boolean;
  view: QueryState<P>;
  retry: () => void;
}

/**
 * A listing's filters, read from the address (for_both as no audience filter) and kept in step
 * with it, and the page they ask for: the prebuilt first page while they are the defaults
 * (`prebuilt`), else read through `pages`.
 */
export function useListingPage<F extends ListingFilters, P>(
  parse: (params: URLSearchParams) => F,
  href: (filters: F) => string,
  pages: Query<F, P>,
  firstPage: P,
): ListingPage<F, P> {
  const read = useCallback((params: URLSearchParams) => withoutForBoth(parse(params)), [parse]);
  const defaults = useMemo(() => read(new URLSearchParams()), [read]);
  const { state: filters, change, addressRead } = useListingUrl(defaults, read, href);
  const prebuilt = href(filters) === href(defaults);
  const { state, retry } = useQuery(pages, prebuilt ? null : filters);
  useLiftPendingMark(addressRead);
  const view: QueryState<P> = prebuilt ? { status: 'ready', data: firstPage } : state;
  useScrollOnReturn(addressRead && view.status === 'ready');
  return { defaults, filters, href, change, addressRead, prebuilt, view, retry };
}

interface PagesProps<F extends ListingFilters> {
  filters: F;
  href: (filters: F) => string;
  change: (filters: F) => void;
}

interface ResultsProps<F extends ListingFilters, P extends { total: number }> {
  /** What the listing lists, in the plural: 'products', 'blogs'. */
  items: string;
  listing: ListingPage<F, P>;
  /** The page's items, or null when the page has none. */
  children: (page: P) => ReactNode;
  /** What shows when nothing matches the filters. */
  empty: ReactNode;
}

/**
 * A listing's results for its filters: a note while the address is unread, the load error with a
 * retry, 'Loading {items}...', then the page's items (or, past the last page, a link to page 1; or
 * `empty`) and the page links.
 */
export function ListingResults<F extends ListingFilters, P extends { total: number }>({ items, listing, children, empty }: ResultsProps<F, P>) {
  const { view, retry, filters, href, change } = listing;
  const pages = { filters, href, change };
  return (
    <>
      <h2 className="sr-only">{`${items[0]?.toUpperCase()}${items.slice(1)}`}</h2>
      {listing.prebuilt && !listing.addressRead && <p className="py-16 text-center text-muted" data-pending-note="">{`Loading ${items}...`}</p>}
      <div data-prebuilt="" aria-busy={view.status === 'loading'}>
        {view.status === 'error' ? (
          <LoadError text={`We couldn't load the ${items}.`} onRetry={retry} />
        ) : view.status !== 'ready' ? (
          <Loading text={`Loading ${items}...`} />
        ) : (
          (children(view.data) ?? (view.data.total > 0 ? <NoSuchPage items={items} {...pages} /> : empty))
        )}
        {view.status === 'ready' && <FilterPages {...pages} total={view.data.total} />}
      </div>
    </>
  );
}

/** A page past the last one of the filters (spec: 'There are no {items} on page n.'), with a link to page 1. */
function NoSuchPage<F extends ListingFilters>({ items, filters, href, change }: PagesProps<F> & { items: string }) {
  const first = withPage(filters, 1);
  return (
    <Notice text={`There are no ${items} on page ${filters.page}.`}>
      <a href={href(first)} onClick={follow(() => change(first))} className={buttonVariants({ size: 'notice' })}>
        Go to page 1
      </a>
    </Notice>
  );
}

/** The page links under a listing, for the filters and the total they match. */
function FilterPages<F extends ListingFilters>({ filters, href, change, total }: PagesProps<F> & { total: number }) {
  return (
    <ListingPagination
      page={filters.page}
      pages={pageCount(total)}
      href={(page) => href(withPage(filters, page))}
      onPage={(page) => change(withPage(filters, page))}
    />
  );
}

export function Notice({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="py-16 text-center">
      <p className="mb-4 text-ink">{text}</p>
      {children}
    </div>
  );
}

export function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div role="alert" className="py-16 text-center">
      <p className="text-ink">{text}</p>
      <Button size="notice" className="mt-4" onClick={onRetry}>Retry</Button>
    </div>
  );
}

export function Loading({ text }: { text: string }) {
  return <p role="status" className="py-16 text-center text-muted noscript:hidden">{text}</p>;
}

/** The 'Sort by' control over the given sorts, with their labels (the listings': SORT_LABELS). */
export function SortControl<S extends string>({ id, sorts, labels, value, onSort, className, ready = true }: {
  id: string;
  sorts: readonly S[];
  labels: Readonly<Record<NoInfer<S>, string>>;
  value: S;
  onSort: (sort: S) => void;
  className?: string;
  /** The listing has read its address: a sort chosen before hydration is applied to the address's filters only then. */
  ready?: boolean;
}) {
  const field = useRef<HTMLSelectElement>(null);
  const choose = (chosen: string) => {
    const sort = sorts.find((s) => s === chosen);
    if (sort) onSort(sort);
  };
  useInputBeforeHydration(field, value, choose, ready);
  return (
    <div className={cn(className, 'flex items-center gap-2')}>
      <label htmlFor={id} className="text-sm font-medium text-ink">Sort by</label>
      <select
        ref={field}
        id={id}
        value={value}
        onChange={(event) => choose(event.target.value)}
        className={PILL_SELECT}
      >
        {sorts.map((sort) => <option key={sort} value={sort}>{labels[sort]}</option>)}
      </select>
    </div>
  );
}
