/**
 * The product list's runtime reads. ProductListing loads this module (and supabase-js with it) only
 * when the address or the shopper asks for more than the prebuilt first page.
 */
import { createQuery } from '../../../lib/query-cache.ts';
import { browserDb } from '../../../lib/supabase.ts';
import { productCardData, type ProductCardData } from '../cards/card.ts';
import { LISTING_PAGE_SIZE } from '../core/paging.ts';
import type { ProductFilters } from './listing.ts';
import { popularProducts, productFacets, productPage, productsByIds, type FacetQuery, type PopularityQuery, type ProductFacets } from '../core/queries.ts';
import { facetQuery, filtersMatchNothing } from './product-filters.ts';

export interface ProductListPage {
  products: ProductCardData[];
  total: number;
  /** How many products each filter choice would give; null when they could not be read (the page shows without them). */
  facets: ProductFacets | null;
}

// Per filter state, not per page or sort: paging and sorting reuse the counts they have.
const facetCounts = createQuery((query: FacetQuery) => productFacets(browserDb(), query));

/**
 * A page of /products with its facet counts: the counts are read beside the page, in parallel, so
 * they arrive together and the panel's counts always belong to the page shown.
 */
export async function readProductListing(filters: ProductFilters): Promise<ProductListPage> {
  // The database would refuse a value that is no id (HTTP 400) rather than find nothing.
  if (filtersMatchNothing(filters)) return { products: [], total: 0, facets: null };
  const [page, facets] = await Promise.all([
    readProductPage(filters),
    facetCounts.fetch(facetQuery(filters)).catch((error: unknown) => {
      console.error(error);
      return null;
    }),
  ]);
  return { ...page, facets };
}

/**
 * One page of /products for a filter state. Sort popular (spec: keeps the ranking order) pages
 * through last month's ranking, unclicked products after the clicked ones, and reads the products
 * in rank order; the other sorts page through the products table. 'Price drops' pages through the
 * products table too (the ranking function has no such filter): most popular is newest first there.
 */
async function readProductPage(filters: ProductFilters): Promise<Omit<ProductListPage, 'facets'>> {
  const db = browserDb();
  const common = {
    categoryId: filters.category ?? undefined,
    priceMin: filters.priceMin ?? undefined,
    priceMax: filters.priceMax ?? undefined,
    gender: filters.gender ?? undefined,
  };
  if (filters.sortBy !== 'popular' || filters.priceDrops) {
    const page = await productPage(db, {
      ...common,
      subcategoryId: filters.subcategory ?? undefined,
      priceDropsOnly: filters.priceDrops ?? false,
      sort: filters.sortBy === 'popular' ? 'newest' : filters.sortBy,
      page: filters.page,
      perPage: LISTING_PAGE_SIZE,
    });
    return { products: page.products.map(productCardData), total: page.total };
  }
  const ranking: PopularityQuery = {
    ...common,
    subcategoryIds: filters.subcategory ? [filters.subcategory] : undefined,
    window: 'monthly',
    includeUnclicked: true,
    page: filters.page,
    perPage: LISTING_PAGE_SIZE,
  };
  const ranked = await popularProducts(db, ranking);
  // Past the last page the ranking has no rows, so no total: ask the first row for it.
  const total = ranked.ids.length === 0 && filters.page > 1
    ? (await popularProducts(db, { ...ranking, page: 1, perPage: 1 })).total
    : ranked.total;
  const products = await productsByIds(db, ranked.ids);
  return { products: products.map(productCardData), total };
}
