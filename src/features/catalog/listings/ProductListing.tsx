/**
 * The /products island (spec: Products page). Its first render is the prebuilt first page (sort
 * popular, no filters) with every filter as a plain link. Once hydrated it reads the address and,
 * when that asks for anything else, loads the page at run time (supabase-js is loaded only then),
 * keeping the address in step with the filters.
 */
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { buttonVariants } from '../../../components/ui/button.ts';
import { createQuery } from '../../../lib/query-cache.ts';
import { ProductCard, useCardBehaviour } from '../cards/ProductCard.tsx';
import { FilterPanel } from './FilterPanel.tsx';
import { FloatingFilters } from './FloatingFilters.tsx';
import { ListingResults, Notice, SortControl, follow, useListingPage, withErrorBoundary, type ListingPage } from './ListingParts.tsx';
import { PRODUCT_SORTS, SORT_LABELS, listingSummary, parseProductFilters, productsHref, withFilter, type ProductFilters } from './listing.ts';
import type { ProductListPage } from './listing-data.ts';
import type { ProductFacets } from '../core/queries.ts';
import { chosenCategory, isFiltered, productFilterGroups, withNamesResolved, type FilterCategory, type FilterChange } from './product-filters.ts';

interface Props {
  /** Visible product categories, by name. */
  categories: FilterCategory[];
  /** The prebuilt first page: sort popular, no filters, with the counts of every filter choice. */
  firstPage: ProductListPage;
  /** The build's clock (ISO), for the NEW badges. */
  now: string;
}

const PRODUCTS = { one: 'product', many: 'products' };

// Shown only once a subcategory is chosen, never on the prebuilt page: it loads then, beside the page's read.
const SubcategoryBar = lazy(async () => ({ default: (await import('./SubcategoryBar.tsx')).SubcategoryBar }));

// The reader loads with supabase-js on the first read, not with the island.
const productPages = createQuery(async (filters: ProductFilters) => (await import('./listing-data.ts')).readProductListing(filters));

export default withErrorBoundary(Listing);

function Listing({ categories, firstPage, now }: Props) {
  useCardBehaviour();
  const clock = useMemo(() => new Date(now), [now]);
  const parse = useCallback((params: URLSearchParams) => withNamesResolved(parseProductFilters(params), categories), [categories]);
  const listing = useListingPage(parse, productsHref, productPages, firstPage);
  const { defaults, filters, change, view } = listing;
  const facets = useShownFacets(listing);

  const panel = useRef<HTMLElement>(null);
  const panelHeading = useRef<HTMLHeadingElement>(null);
  // The grid of cards (not the pages' links below it): the floating Filters button shows while it is in view.
  const [grid, setGrid] = useState<HTMLUListElement | null>(null);

  const hrefWith = (filterChange: FilterChange) => productsHref(withFilter(filters, filterChange));
  const apply = (filterChange: FilterChange) => change(withFilter(filters, filterChange));
  const category = chosenCategory(categories, filters);
  const allProducts = { ...defaults, sortBy: filters.sortBy };

  // Spec: with no products and no filter, nothing is rendered.
  if (view.status === 'ready' && view.data.total === 0 && !isFiltered(filters)) return <Heading>All Products</Heading>;

  return (
    <>
      <Heading>{category?.name ?? 'All Products'}</Heading>
      <div className="mt-6 lg:flex lg:items-start lg:gap-10">
        <FilterPanel
          groups={productFilterGroups(categories, filters, facets)}
          hrefWith={hrefWith}
          onChoose={apply}
          panelRef={panel}
          headingRef={panelHeading}
        />

        <div className="min-w-0 flex-1">
          <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted" data-prebuilt="">
              {view.status === 'ready' && view.data.total > 0 ? listingSummary(filters.page, view.data.total, PRODUCTS) : ''}
            </p>
            <SortControl id="product-sort" sorts={PRODUCT_SORTS} labels={SORT_LABELS} value={filters.sortBy} onSort={(sortBy) => apply({ sortBy })} ready={listing.addressRead} />
          </div>

          {category && filters.subcategory && (
            <Suspense fallback={null}>
              <SubcategoryBar category={category} subcategory={filters.subcategory} counts={facets?.counts.subcategories} hrefWith={hrefWith} onChoose={apply} />
            </Suspense>
          )}

          <ListingResults
            items="products"
            listing={listing}
            empty={
              filters.category && !category ? (
                <Notice text="This category is no longer in the shop.">
                  <a href={productsHref(allProducts)} onClick={follow(() => change(allProducts))} className={buttonVariants({ size: 'notice' })}>Show All Products</a>
                </Notice>
              ) : filters.subcategory ? (
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
                <ul ref={setGrid} className="grid grid-cols-2 gap-4 lg:grid-cols-3 xl:grid-cols-4">
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

      <FloatingFilters panel={panel} heading={panelHeading} grid={grid} />
    </>
  );
}

/**
 * The counts the panel shows: those of the page shown; while the next page loads, the last ones the
 * shopper saw (so the panel does not flicker), but never the prebuilt ones for an address that asks
 * for other filters.
 */
function useShownFacets({ view, addressRead }: ListingPage<ProductFilters, ProductListPage>): ProductFacets | undefined {
  const [lastSeen, setLastSeen] = useState<ProductFacets>();
  const current = view.status === 'ready' ? view.data.facets : undefined;
  if (current && addressRead && current !== lastSeen) setLastSeen(current);
  if (view.status === 'ready') return current ?? undefined;
  return addressRead ? lastSeen : undefined;
}

function Heading({ children }: { children: ReactNode }) {
  return <h1 className="text-3xl font-bold tracking-tight text-ink md:text-4xl">{children}</h1>;
}
