/**
 * The facet counts as the /products island reads them (catalog/core/queries.ts productFacets, one
 * rpc per filter state) against the totals the listing itself reads for the same states through
 * supabase-js (productPage's exact count, and popularProducts' total for the 'Most Popular' sort),
 * over the demo catalogue behind the stand-in: random filter states, and every choice of the
 * panel in each (productFilterGroups, withFilter).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { popularProducts, productFacets, productPage, visibleCategories } from '../../src/features/catalog/core/queries.ts';
import { PRICE_BUCKETS } from '../../src/features/catalog/core/price.ts';
import { parseProductFilters, withFilter, type ProductFilters } from '../../src/features/catalog/listings/listing.ts';
import { facetQuery, productFilterGroups, type FilterCategory } from '../../src/features/catalog/listings/product-filters.ts';
import { httpStatus } from '../../src/lib/query-cache.ts';
import { openDemoShop, type DemoShop } from '../support/demo-stand-in.ts';

let shop: DemoShop;
let panel: FilterCategory[];
let hidden: string[];

beforeAll(async () => {
  shop = await openDemoShop();
  panel = (await visibleCategories(shop.anon))
    .filter((c) => c.types.includes('product'))
    .map((c) => ({ id: c.id, name: c.name, subcategories: c.subcategories.map((s) => ({ id: s.id, name: s.name })) }));
  hidden = (await shop.sql<{ id: string }>('select id from public.categories where not visible')).map((r) => r.id);
});

afterAll(async () => {
  await shop?.close();
});

/** The listing's total for a filter state, read as the listing reads its pages (listing-data.ts). */
async function listingTotal(filters: ProductFilters): Promise<number> {
  const common = {
    categoryId: filters.category ?? undefined,
    priceMin: filters.priceMin ?? undefined,
    priceMax: filters.priceMax ?? undefined,
    gender: filters.gender ?? undefined,
  };
  const page = await productPage(shop.anon, {
    ...common, subcategoryId: filters.subcategory ?? undefined, priceDropsOnly: filters.priceDrops ?? false, sort: 'newest', page: 1, perPage: 1,
  });
  if (!filters.priceDrops) {
    const ranking = await popularProducts(shop.anon, {
      ...common, subcategoryIds: filters.subcategory ? [filters.subcategory] : undefined, window: 'monthly', includeUnclicked: true, perPage: 1,
    });
    expect(ranking.total, 'the two listing reads agree').toBe(page.total);
  }
  return page.total;
}

const none = parseProductFilters(new URLSearchParams());

/** A filter state as an address could ask for it: a listed, hidden or no category; one of its subcategories; any audience, price range and 'Price drops'. */
const filterStates = (): fc.Arbitrary<ProductFilters> => {
  const categories = [null, ...panel.map((c) => c.id), ...hidden];
  const ranges = [[null, null], ...PRICE_BUCKETS.map((b) => [b.priceMin, b.priceMax]), [0, 50], [20, 80], [100, null], [null, 35]] as const;
  return fc.record({
    category: fc.constantFrom(...categories),
    subcategoryPick: fc.nat(),
    gender: fc.constantFrom(null, 'for_him' as const, 'for_her' as const),
    range: fc.constantFrom(...ranges),
    priceDrops: fc.constantFrom(null, true as const),
  }).map(({ category, subcategoryPick, gender, range, priceDrops }) => {
    const subcategories = [null, ...(panel.find((c) => c.id === category)?.subcategories.map((s) => s.id) ?? [])];
    const subcategory = subcategories[subcategoryPick % subcategories.length] ?? null;
    return { ...none, category, subcategory, gender, priceMin: range[0], priceMax: range[1], priceDrops };
  });
};

describe('productFacets', () => {
  test("gives every choice of the panel the listing's total after choosing it", async () => {
    await fc.assert(
      fc.asyncProperty(filterStates(), async (state) => {
        const facets = await productFacets(shop.anon, facetQuery(state));
        expect(facets.total).toBe(await listingTotal(state));
        for (const group of productFilterGroups(panel, state, facets)) {
          for (const choice of group.choices) {
            expect(choice.count, `${group.title} › ${choice.label}`).toBe(await listingTotal(withFilter(state, choice.change)));
          }
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  test('the demo has choices that give nothing, and they are the ones the panel disables', async () => {
    const state = { ...none, priceDrops: true as const, priceMin: 450 };
    const facets = await productFacets(shop.anon, facetQuery(state));
    const empty = productFilterGroups(panel, state, facets).flatMap((g) => g.choices).filter((c) => c.count === 0);
    expect(empty.length).toBeGreaterThan(0);
    for (const choice of empty) expect(await listingTotal(withFilter(state, choice.change))).toBe(0);
  });

  test('a refused call carries its HTTP status, so it is not tried again', async () => {
    const failure = await productFacets(shop.anon, { priceMin: 300, priceMax: 100 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(httpStatus(failure)).toBe(400);
    expect((failure as Error).cause).toMatchObject({ message: 'price_min (300) must not be above price_max (100)' });
  });
});
