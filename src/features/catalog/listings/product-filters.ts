/**
 * The /products filter panel (spec: Products page, filters): which groups it shows, the choices in
 * each, the change each choice makes, which one is chosen and how many products it would give.
 * The island renders these as links.
 */
import { AUDIENCE_OPTIONS } from '../../../lib/audience.ts';
import { PRICE_BUCKETS, priceBucketFor } from '../core/price.ts';
import type { Facet, FacetQuery, ProductFacets } from '../core/queries.ts';
import { isRowId, type ProductFilters } from './listing.ts';
import { categoryByIdOrName } from '../core/category-names.ts';

export interface FilterCategory {
  id: string;
  name: string;
  subcategories: { id: string; name: string }[];
}

/**
 * The filters with a category or subcategory that the address gives by name read as the id of the
 * one it names (spec: a subcategory matches by its id or its name; older links carry names): the
 * subcategory among the chosen category's, or among all when none is chosen.
 */
export function withNamesResolved(filters: ProductFilters, categories: readonly FilterCategory[]): ProductFilters {
  const category = filters.category === null ? undefined : categoryByIdOrName(categories, filters.category);
  const subcategories = category?.subcategories ?? categories.flatMap((c) => c.subcategories);
  const subcategory = filters.subcategory === null ? undefined : categoryByIdOrName(subcategories, filters.subcategory);
  return { ...filters, category: category?.id ?? filters.category, subcategory: subcategory?.id ?? filters.subcategory };
}

/** Whether a category or subcategory filter holds what is neither an id nor a known name: no product can match it. */
export function filtersMatchNothing(filters: ProductFilters): boolean {
  return [filters.category, filters.subcategory].some((value) => value !== null && !isRowId(value));
}

/** What choosing a filter changes (the page follows by the rules of withFilter). */
export type FilterChange = Partial<Omit<ProductFilters, 'page'>>;

export interface FilterChoice {
  key: string;
  label: string;
  change: FilterChange;
  current: boolean;
  /** The products choosing it would give with the other filters; undefined while unknown. */
  count?: number;
}

export interface FilterGroup {
  /** The id of the group's heading. */
  id: string;
  /** Its counts in product_facets' answer. */
  facet: Facet;
  title: string;
  choices: FilterChoice[];
}

/** The facet counts' question for a filter state: its filters, without the sort and the page. */
export function facetQuery(filters: ProductFilters): FacetQuery {
  return {
    categoryId: filters.category ?? undefined,
    subcategoryId: filters.subcategory ?? undefined,
    gender: filters.gender ?? undefined,
    priceMin: filters.priceMin ?? undefined,
    priceMax: filters.priceMax ?? undefined,
    priceDropsOnly: filters.priceDrops ?? undefined,
  };
}

/** A choice that would give no products is shown but cannot be chosen (the chosen one always can). */
export function isUnavailable(choice: Pick<FilterChoice, 'count' | 'current'>): boolean {
  return choice.count === 0 && !choice.current;
}

/** The chosen category, if it is one of the visible ones. */
export function chosenCategory(categories: readonly FilterCategory[], filters: ProductFilters): FilterCategory | undefined {
  return categories.find((c) => c.id === filters.category);
}

/** Any filter chosen (the sort and the page are not filters). */
export function isFiltered(filters: ProductFilters): boolean {
  return Boolean(filters.category || filters.subcategory || filters.gender || filters.priceDrops) || filters.priceMin !== null || filters.priceMax !== null;
}

/**
 * The panel's groups (spec: Categories, led by All; Subcategory when the chosen category has any;
 * Price, led by Any Price; Deals: 'Price drops' or not; Gender, For Both chosen when no gender is),
 * each choice with its count from `facets` when they are known.
 */
export function productFilterGroups(
  categories: readonly FilterCategory[],
  filters: ProductFilters,
  facets?: ProductFacets,
): FilterGroup[] {
  const subcategories = chosenCategory(categories, filters)?.subcategories ?? [];
  const bucket = priceBucketFor(filters.priceMin, filters.priceMax);
  const groups: (FilterGroup | null)[] = [
    {
      id: 'filter-categories',
      facet: 'categories',
      title: 'Categories',
      choices: [
        { key: 'all', label: 'All', change: { category: null }, current: !filters.category },
        ...categories.map((c) => ({ key: c.id, label: c.name, change: { category: c.id }, current: c.id === filters.category })),
      ],
    },
    subcategories.length === 0 ? null : {
      id: 'filter-subcategories',
      facet: 'subcategories',
      title: 'Subcategory',
      choices: subcategories.map((s) => ({ key: s.id, label: s.name, change: { subcategory: s.id }, current: s.id === filters.subcategory })),
    },
    {
      id: 'filter-price',
      facet: 'price',
      title: 'Price',
      choices: [
        { key: 'any', label: 'Any Price', change: { priceMin: null, priceMax: null }, current: filters.priceMin === null && filters.priceMax === null },
        ...PRICE_BUCKETS.map((b) => ({ key: b.id, label: b.label, change: { priceMin: b.priceMin, priceMax: b.priceMax }, current: b.id === bucket?.id })),
      ],
    },
    {
      id: 'filter-deals',
      facet: 'deals',
      title: 'Deals',
      choices: [
        { key: 'all-prices', label: 'All Products', change: { priceDrops: null }, current: !filters.priceDrops },
        { key: 'price-drops', label: 'Price drops', change: { priceDrops: true }, current: filters.priceDrops === true },
      ],
    },
    {
      id: 'filter-gender',
      facet: 'gender',
      title: 'Gender',
      choices: AUDIENCE_OPTIONS.map((option) => ({
        key: option.value,
        label: option.label,
        change: { gender: option.value },
        current: (filters.gender ?? 'for_both') === option.value,
      })),
    },
  ];
  return groups
    .filter((group) => group !== null)
    .map((group) => (facets ? { ...group, choices: group.choices.map((c) => ({ ...c, count: facets.counts[group.facet][c.key] })) } : group));
}
