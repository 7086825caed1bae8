/**
 * The Products tab (document 2, sections 2, 4 and 8): the product list with search (300 ms
 * debounce, name or description) and category and subcategory filters, pages of 10 read from
 * the server with 8 page-number links, an ID copy badge, Add, Edit and Delete; and the platforms
 * an affiliate link can name.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { useConfirm } from '../../../components/ui/ConfirmDialog.tsx';
import { Field } from '../../../components/ui/Field.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { showToast } from '../../../components/ui/toast.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { authClient } from '../../account/store.ts';
import { AffectedArticles } from '../AffectedArticles.tsx';
import { adminWrite, failureReason } from '../api.ts';
import { allCategories, type AdminCategory } from '../categories/queries.ts';
import PlatformsSection from '../platforms/PlatformsSection.tsx';
import { platformList } from '../platforms/queries.ts';
import { ReadState } from '../ReadState.tsx';
import { categoryChoiceLabel, lastUsedCategory, newProductForm, productFormOf, type LastUsedCategory, type ProductForm } from './form.ts';
import {
  FIRST_PAGE_QUERY, listSummary, pageAfterDelete, pageCount, SEARCH_DEBOUNCE_MS, withCategoryFilter, withPage, withSearch,
  withSubcategoryFilter, type ProductListQuery,
} from './list.ts';
import { Pagination } from './Pagination.tsx';
import { ProductTable } from './ProductTable.tsx';
import { articlesEmbedding, searchAdminProducts, type AdminProduct } from './queries.ts';

const ProductDialog = lazy(() => import('./ProductDialog.tsx'));

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export default function ProductsPanel() {
  const [query, setQuery] = useState(FIRST_PAGE_QUERY);
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText, SEARCH_DEBOUNCE_MS);
  useEffect(() => setQuery((q) => withSearch(q, search)), [search]);

  const list = useLoad(JSON.stringify(query), async () => searchAdminProducts(await authClient(), query), { keepPrevious: true });
  const categories = useLoad('categories', async () => allCategories(await authClient()));
  const platforms = useLoad('platforms', async () => platformList(await authClient()), { keepPrevious: true });

  const [editing, setEditing] = useState<ProductForm | null>(null);
  const [lastUsed, setLastUsed] = useState<LastUsedCategory | null>(null);
  const confirm = useConfirm();

  const categoryList = useMemo(() => (categories.state.status === 'ready' ? categories.state.data : []), [categories.state]);
  const categoryNames = useMemo(() => new Map(categoryList.map((c) => [c.id, c.name])), [categoryList]);
  const categoryOfSubcategory = useMemo(
    () => new Map(categoryList.flatMap((c) => c.subcategories.map((s) => [s.id, c.id] as const))),
    [categoryList],
  );

  const openAdd = () => setEditing(newProductForm(lastUsed, (id) => categoryNames.get(id)));
  const openEdit = (product: AdminProduct) => setEditing(productFormOf(product, (id) => categoryOfSubcategory.get(id)));

  function saved(form: ProductForm) {
    if (form.id === null) setLastUsed(lastUsedCategory(form));
    setEditing(null);
    list.retry();
  }

  async function remove(product: AdminProduct, rowsOnPage: number) {
    const embedding = await articlesEmbedding(await authClient(), product.id).catch(() => null);
    const detail = embedding?.length === 0 ? undefined : (
      <AffectedArticles
        articles={embedding}
        lead={(count) => `${count === 1 ? 'This article embeds it' : `These ${count} articles embed it`} and will no longer show it:`}
        unknown="Could not check which articles embed this product."
      />
    );
    if (!(await confirm.ask({ message: 'Are you sure you want to delete this product?', confirmLabel: 'Delete', detail }))) return;
    try {
      await adminWrite('products', 'DELETE', { id: product.id });
    } catch (error) {
      return showToast(`Failed to delete product: ${failureReason(error)}`, 'error');
    }
    showToast('Product deleted successfully', 'success');
    const page = pageAfterDelete(query.page, rowsOnPage);
    if (page === query.page) list.retry();
    else setQuery((q) => withPage(q, page));
  }

  const total = list.state.status === 'ready' ? list.state.data.total : 0;

  return (
    <div className="space-y-10">
      <section aria-labelledby="products-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="products-heading" className="text-xl font-bold text-ink">Products</h2>
          <Button onClick={openAdd} disabled={categories.state.status !== 'ready'}>
            <span aria-hidden="true">+</span> Add Product
          </Button>
        </div>

        <Filters searchText={searchText} onSearch={setSearchText} query={query} onQuery={setQuery} categories={categoryList} />

        {categories.state.status === 'error' && (
          <p role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-red-700/20 bg-red-50 px-4 py-2 text-sm text-red-800">
            Error loading categories: products cannot be added or filtered until they load.
            <Button variant="secondary" size="xs" onClick={categories.retry}>Retry</Button>
          </p>
        )}

        <ReadState
          state={list.state}
          loading="Loading products..."
          error="Error loading products"
          onRetry={list.retry}
          isEmpty={(page) => page.products.length === 0}
          empty="No products found."
        >
          {({ products }) => (
            <ProductTable
              products={products}
              refreshing={list.refreshing}
              categoryNames={categoryNames}
              onEdit={openEdit}
              onDelete={(product) => remove(product, products.length)}
            />
          )}
        </ReadState>

        {total > 0 && (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted" aria-live="polite">{listSummary(query.page, total)}</p>
            <Pagination page={query.page} pages={pageCount(total)} onPage={(page) => setQuery((q) => withPage(q, page))} />
          </div>
        )}
      </section>

      <PlatformsSection platforms={platforms.state} onChanged={platforms.retry} />

      {editing && (
        <Suspense fallback={null}>
          <ProductDialog
            initial={editing}
            categories={categoryList}
            platforms={platforms.state}
            onSaved={saved}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      {confirm.element}
    </div>
  );
}

/** The search box and the category and subcategory filters; the subcategory waits for a category. */
function Filters({ searchText, onSearch, query, onQuery, categories }: {
  searchText: string;
  onSearch: (text: string) => void;
  query: ProductListQuery;
  onQuery: (change: (query: ProductListQuery) => ProductListQuery) => void;
  categories: readonly AdminCategory[];
}) {
  const chosen = categories.find((c) => c.id === query.categoryId);
  return (
    <div className="grid gap-3 rounded-2xl border border-black/10 bg-white p-4 sm:grid-cols-[2fr_1fr_1fr]">
      <Field id="product-search" label="Search">
        <Input type="search" placeholder="Name or description" value={searchText} onChange={(e) => onSearch(e.target.value)} />
      </Field>
      <Field id="product-filter-category" label="Category">
        <Select value={query.categoryId ?? ''} onChange={(e) => onQuery((q) => withCategoryFilter(q, e.target.value || null))}>
          <option value="">All categories</option>
          {categories.map((c) => <option key={c.id} value={c.id}>{categoryChoiceLabel(c)}</option>)}
        </Select>
      </Field>
      <Field id="product-filter-subcategory" label="Subcategory">
        <Select
          value={query.subcategoryId ?? ''}
          disabled={!chosen || chosen.subcategories.length === 0}
          onChange={(e) => onQuery((q) => withSubcategoryFilter(q, e.target.value || null))}
        >
          <option value="">{chosen ? 'All subcategories' : 'Choose a category first'}</option>
          {chosen?.subcategories.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
        </Select>
      </Field>
    </div>
  );
}
