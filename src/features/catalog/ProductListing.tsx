/**
 * The /products island (spec: Products page). Its first render is the prebuilt first page (sort
 * popular, no filters) with every filter as a plain link. Once hydrated it reads the address and,
 * when that asks for anything else, loads the page at run time (supabase-js is loaded only then),
 * keeping the address in step with the filters.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { buttonVariants } from '../../components/ui/button.ts';
import { createQuery } from '../../lib/query-cache.ts';
import { AUDIENCE_OPTIONS } from '../../lib/audience.ts';
import {
  Chip, FilterLink, FilterList, ListingResults, Notice, PILL_SELECT, SortControl, follow, useListingPage, withErrorBoundary,
} from './ListingParts.tsx';
import {
  PRODUCT_SORTS, listingSummary, parseProductFilters, productsHref, withFilter,
  type ProductFilters,
} from './listing.ts';
import type { ProductListPage } from './listing-data.ts';
import { PRICE_BUCKETS, priceBucketFor } from './price.ts';
import { ProductCard, useCardBehaviour } from './ProductCard.tsx';

export interface FilterCategory {
  id: string;
  name: string;
  subcategories: { id: string; name: string }[];
}

interface Props {
  /** Visible product categories, by name. */
  categories: FilterCategory[];
  /** The prebuilt first page: sort popular, no filters. */
  firstPage: ProductListPage;
  /** The build's clock (ISO), for the NEW badges. */
  now: string;
}

type FilterChange = Partial<Omit<ProductFilters, 'page'>>;

const PRODUCTS = { one: 'product', many: 'products' };
/** The floating Filters button's offset (spec: 80px), clear of the fixed header. */
const FILTERS_OFFSET_PX = 80;

// The reader loads with supabase-js on the first read, not with the island.
const productPages = createQuery(async (filters: ProductFilters) => (await import('./listing-data.ts')).readProductPage(filters));

export default withErrorBoundary(Listing);

function Listing({ categories, firstPage, now }: Props) {
  useCardBehaviour();
  const clock = useMemo(() => new Date(now), [now]);
  const listing = useListingPage(parseProductFilters, productsHref, productPages, firstPage);
  const { defaults, filters, change, view } = listing;

  const panel = useRef<HTMLElement>(null);
  const panelHeading = useRef<HTMLHeadingElement>(null);
  const results = useRef<HTMLDivElement>(null);
  const floating = useFloatingFilters(panel, results);

  const hrefWith = (filterChange: FilterChange) => productsHref(withFilter(filters, filterChange));
  const apply = (filterChange: FilterChange) => change(withFilter(filters, filterChange));
  const category = categories.find((c) => c.id === filters.category);
  const subcategories = category?.subcategories ?? [];
  const bucket = priceBucketFor(filters.priceMin, filters.priceMax);
  const filtered = Boolean(filters.category || filters.subcategory || filters.gender)
    || filters.priceMin !== null || filters.priceMax !== null;
  const allProducts = { ...defaults, sortBy: filters.sortBy };

  // Spec: with no products and no filter, nothing is rendered.
  if (view.status === 'ready' && view.data.total === 0 && !filtered) return <Heading>All Products</Heading>;

  return (
    <>
      <Heading>{category?.name ?? 'All Products'}</Heading>
      <div className="mt-6 lg:flex lg:items-start lg:gap-10">
        <aside ref={panel} aria-labelledby="filters-heading" className="mb-8 space-y-5 lg:mb-0 lg:w-60 lg:shrink-0">
          <h2 id="filters-heading" ref={panelHeading} tabIndex={-1} className="text-lg font-bold text-ink focus:outline-none">
            Filters
          </h2>
          <FilterGroup id="filter-categories" title="Categories">
            <FilterLink href={hrefWith({ category: null })} current={!filters.category} onChoose={() => apply({ category: null })}>All</FilterLink>
            {categories.map((c) => (
              <FilterLink key={c.id} href={hrefWith({ category: c.id })} current={c.id === filters.category} onChoose={() => apply({ category: c.id })}>
                {c.name}
              </FilterLink>
            ))}
          </FilterGroup>
          {subcategories.length > 0 && (
            <FilterGroup id="filter-subcategories" title="Subcategory">
              {subcategories.map((s) => (
                <FilterLink key={s.id} href={hrefWith({ subcategory: s.id })} current={s.id === filters.subcategory} onChoose={() => apply({ subcategory: s.id })}>
                  {s.name}
                </FilterLink>
              ))}
            </FilterGroup>
          )}
          <FilterGroup id="filter-price" title="Price">
            <FilterLink
              href={hrefWith({ priceMin: null, priceMax: null })}
              current={filters.priceMin === null && filters.priceMax === null}
              onChoose={() => apply({ priceMin: null, priceMax: null })}
            >
              Any Price
            </FilterLink>
            {PRICE_BUCKETS.map((b) => (
              <FilterLink
                key={b.id}
                href={hrefWith({ priceMin: b.priceMin, priceMax: b.priceMax })}
                current={b.id === bucket?.id}
                onChoose={() => apply({ priceMin: b.priceMin, priceMax: b.priceMax })}
              >
                {b.label}
              </FilterLink>
            ))}
          </FilterGroup>
          <FilterGroup id="filter-gender" title="Gender">
            {AUDIENCE_OPTIONS.map((option) => (
              <FilterLink
                key={option.value}
                href={hrefWith({ gender: option.value })}
                current={(filters.gender ?? 'for_both') === option.value}
                onChoose={() => apply({ gender: option.value })}
              >
                {option.label}
              </FilterLink>
            ))}
          </FilterGroup>
        </aside>

        <div ref={results} className="min-w-0 flex-1">
          <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted" data-prebuilt="">
              {view.status === 'ready' && view.data.total > 0 ? listingSummary(filters.page, view.data.total, PRODUCTS) : ''}
            </p>
            <SortControl id="product-sort" sorts={PRODUCT_SORTS} value={filters.sortBy} onSort={(sortBy) => apply({ sortBy })} />
          </div>

          {category && filters.subcategory && (
            <div className="mb-6 flex flex-wrap items-center gap-3">
              <div role="group" aria-label={`Subcategories of ${category.name}`} className="hidden flex-wrap gap-2 sm:flex">
                <Chip href={hrefWith({ subcategory: null })} current={false} onChoose={() => apply({ subcategory: null })}>All</Chip>
                {subcategories.map((s) => (
                  <Chip key={s.id} href={hrefWith({ subcategory: s.id })} current={s.id === filters.subcategory} onChoose={() => apply({ subcategory: s.id })}>
                    {s.name}
                  </Chip>
                ))}
              </div>
              <div className="sm:hidden">
                <label htmlFor="subcategory-select" className="sr-only">Subcategory</label>
                <select
                  id="subcategory-select"
                  value={filters.subcategory}
                  onChange={(event) => apply({ subcategory: event.target.value || null })}
                  className={PILL_SELECT}
                >
                  <option value="">All</option>
                  {subcategories.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
                </select>
              </div>
              <button
                type="button"
                onClick={() => apply({ subcategory: null })}
                className="rounded-full px-3 py-2 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                Clear Filter
              </button>
            </div>
          )}

          <ListingResults
            items="products"
            listing={listing}
            empty={
              filters.subcategory ? (
                <Notice text="No products found in this subcategory.">
                  <Button size="notice" onClick={() => apply({ subcategory: null })}>Show All Products</Button>
                </Notice>
              ) : (
                <Notice text="No products match these filters.">
                  <a href={productsHref(allProducts)} onClick={follow(() => change(allProducts))} className={buttonVariants({ size: 'notice' })}>Clear Filters</a>
                </Notice>
              )
            }
          >
            {(page) =>
              page.products.length === 0 ? null : (
                <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
                  {page.products.map((product, index) => (
                    <li key={product.id}>
                      <ProductCard product={product} now={clock} eager={index < 4} />
                    </li>
                  ))}
                </ul>
              )
            }
          </ListingResults>
        </div>
      </div>

      {floating && (
        <button
          type="button"
          onClick={() => {
            const top = (panel.current?.getBoundingClientRect().top ?? 0) + window.scrollY - FILTERS_OFFSET_PX;
            window.scrollTo({ top, behavior: 'smooth' });
            panelHeading.current?.focus({ preventScroll: true });
          }}
          className="fixed bottom-6 left-1/2 z-30 -translate-x-1/2 rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white shadow-lg hover:bg-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Filters
        </button>
      )}
    </>
  );
}

/**
 * Spec: a floating 'Filters' button appears when the filter bar has scrolled out of view while the
 * grid is visible. The fixed header covers the top of the window, so the bar counts as out of view
 * once it is within 80px of the top.
 */
function useFloatingFilters(panel: RefObject<HTMLElement | null>, grid: RefObject<HTMLElement | null>): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const bar = panel.current;
    const list = grid.current;
    if (!bar || !list || !('IntersectionObserver' in window)) return;
    const visible = new Map<Element, boolean>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) visible.set(entry.target, entry.isIntersecting);
        setShown(visible.get(bar) === false && visible.get(list) === true);
      },
      { rootMargin: `-${FILTERS_OFFSET_PX}px 0px 0px 0px` },
    );
    observer.observe(bar);
    observer.observe(list);
    return () => observer.disconnect();
  }, [panel, grid]);
  return shown;
}

function Heading({ children }: { children: ReactNode }) {
  return <h1 className="text-3xl font-bold tracking-tight text-ink md:text-4xl">{children}</h1>;
}

function FilterGroup({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted">{title}</h3>
      <FilterList>{children}</FilterList>
    </section>
  );
}
