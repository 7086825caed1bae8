/**
 * The Products tab (document 2, sections 2, 4 and 8): the product list with search (300 ms
 * debounce, name or description) and category and subcategory filters, pages of 10 read from
 * the server with 8 page-number links, an ID copy badge, Add, Edit and Delete; and the platforms
 * an affiliate link can name.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { showToast } from '../../../components/ui/toast.ts';
import { formatPrice } from '../../catalog/price.ts';
import { authClient } from '../../account/store.ts';
import { adminWrite, failureReason } from '../api.ts';
import { BUTTON, INPUT, LABEL, useConfirm, useLoad, type Loadable } from '../catalogue-ui.tsx';
import { allCategories } from '../categories/queries.ts';
import { platformList } from '../platforms/queries.ts';
import { searchAdminProducts, type AdminProduct } from './queries.ts';
import { lastUsedCategory, newProductForm, productFormOf, type LastUsedCategory, type ProductForm } from './form.ts';
import {
  COPIED_FOR_MS, copyBadgeText, FIRST_PAGE_QUERY, listSummary, pageCount, pageLinks, SEARCH_DEBOUNCE_MS,
  withCategoryFilter, withPage, withSearch, withSubcategoryFilter,
} from './list.ts';
import PlatformsSection from '../platforms/PlatformsSection.tsx';

const ProductDialog = lazy(() => import('./ProductDialog.tsx'));

type Editing = { form: ProductForm } | null;

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

  const [list, reloadList] = useLoad(async () => searchAdminProducts(await authClient(), query), JSON.stringify(query));
  const [categories, reloadCategories] = useLoad(async () => allCategories(await authClient()), 'categories');
  const [platforms, reloadPlatforms] = useLoad(async () => platformList(await authClient()), 'platforms');

  const [editing, setEditing] = useState<Editing>(null);
  const [lastUsed, setLastUsed] = useState<LastUsedCategory | null>(null);
  const confirm = useConfirm();

  const categoryList = categories.status === 'ready' ? categories.data : [];
  const categoryNames = useMemo(() => new Map(categoryList.map((c) => [c.id, c.name])), [categoryList]);
  const categoryOfSubcategory = useMemo(
    () => new Map(categoryList.flatMap((c) => c.subcategories.map((s) => [s.id, c.id] as const))),
    [categoryList],
  );
  const chosenCategory = categoryList.find((c) => c.id === query.categoryId);

  const openAdd = () => setEditing({ form: newProductForm(lastUsed, (id) => categoryNames.get(id)) });
  const openEdit = (product: AdminProduct) => setEditing({ form: productFormOf(product, (id) => categoryOfSubcategory.get(id)) });

  const saved = useCallback(
    (form: ProductForm) => {
      if (form.id === null) setLastUsed(lastUsedCategory(form));
      setEditing(null);
      reloadList();
    },
    [reloadList],
  );

  async function remove(product: AdminProduct) {
    const ok = await confirm.ask({ message: 'Are you sure you want to delete this product?', confirmLabel: 'Delete', danger: true });
    if (!ok) return;
    try {
      await adminWrite('products', 'DELETE', { id: product.id });
      showToast('Product deleted successfully', 'success');
      // The last row of a page gone: show the page before.
      if (list.status === 'ready' && list.data.products.length === 1 && query.page > 1) setQuery((q) => withPage(q, q.page - 1));
      else reloadList();
    } catch (error) {
      showToast(`Failed to delete product: ${failureReason(error)}`, 'error');
    }
  }

  const total = list.status === 'ready' ? list.data.total : 0;
  const pages = pageCount(total);

  return (
    <div className="space-y-10">
      <section aria-labelledby="products-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="products-heading" className="text-xl font-bold text-ink">Products</h2>
          <button type="button" onClick={openAdd} disabled={categories.status !== 'ready'} className={BUTTON.primary}>
            <span aria-hidden="true">+</span> Add Product
          </button>
        </div>

        <div className="grid gap-3 rounded-2xl border border-black/10 bg-white p-4 sm:grid-cols-[2fr_1fr_1fr]">
          <div>
            <label htmlFor="product-search" className={LABEL}>Search</label>
            <input
              id="product-search"
              type="search"
              placeholder="Name or description"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              className={INPUT}
            />
          </div>
          <div>
            <label htmlFor="product-filter-category" className={LABEL}>Category</label>
            <select
              id="product-filter-category"
              value={query.categoryId ?? ''}
              onChange={(e) => setQuery((q) => withCategoryFilter(q, e.target.value || null))}
              className={INPUT}
            >
              <option value="">All categories</option>
              {categoryList.map((c) => <option key={c.id} value={c.id}>{c.visible ? c.name : `${c.name} (hidden)`}</option>)}
            </select>
          </div>
          <div>
            <label htmlFor="product-filter-subcategory" className={LABEL}>Subcategory</label>
            <select
              id="product-filter-subcategory"
              value={query.subcategoryId ?? ''}
              disabled={!chosenCategory || chosenCategory.subcategories.length === 0}
              onChange={(e) => setQuery((q) => withSubcategoryFilter(q, e.target.value || null))}
              className={`${INPUT} disabled:bg-gray-50 disabled:text-muted`}
            >
              <option value="">{chosenCategory ? 'All subcategories' : 'Choose a category first'}</option>
              {chosenCategory?.subcategories.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
            </select>
          </div>
        </div>

        {categories.status === 'error' && (
          <p role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-red-700/20 bg-red-50 px-4 py-2 text-sm text-red-800">
            Error loading categories: products cannot be added or filtered until they load.
            <button type="button" onClick={reloadCategories} className={BUTTON.small}>Retry</button>
          </p>
        )}

        <ProductTable
          list={list}
          categoryNames={categoryNames}
          onRetry={reloadList}
          onEdit={openEdit}
          onDelete={remove}
        />

        {list.status === 'ready' && total > 0 && (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted" aria-live="polite">{listSummary(query.page, total)}</p>
            <Pagination page={query.page} pages={pages} onPage={(page) => setQuery((q) => withPage(q, page))} />
          </div>
        )}
      </section>

      <PlatformsSection platforms={platforms} onChanged={reloadPlatforms} />

      {editing && (
        <Suspense fallback={null}>
          <ProductDialog
            initial={editing.form}
            categories={categoryList}
            platforms={platforms}
            onSaved={saved}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      {confirm.element}
    </div>
  );
}

function ProductTable({
  list,
  categoryNames,
  onRetry,
  onEdit,
  onDelete,
}: {
  list: Loadable<{ products: AdminProduct[]; total: number }> & { refreshing: boolean };
  categoryNames: Map<string, string>;
  onRetry: () => void;
  onEdit: (product: AdminProduct) => void;
  onDelete: (product: AdminProduct) => void;
}) {
  if (list.status === 'loading') return <p role="status" className="rounded-2xl border border-black/10 bg-white p-8 text-center text-muted">Loading products...</p>;
  if (list.status === 'error') {
    return (
      <div role="alert" className="rounded-2xl border border-red-700/20 bg-red-50 p-6 text-center">
        <p className="font-semibold text-red-800">Error loading products</p>
        <button type="button" onClick={onRetry} className={`${BUTTON.secondary} mt-3`}>Retry</button>
      </div>
    );
  }
  const { products } = list.data;
  if (products.length === 0) return <p className="rounded-2xl border border-black/10 bg-white p-8 text-center text-muted">No products found.</p>;

  return (
    <div className={`overflow-x-auto rounded-2xl border border-black/10 bg-white transition-opacity ${list.refreshing ? 'opacity-60' : ''}`} aria-busy={list.refreshing || undefined}>
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">Products, newest first</caption>
        <thead className="border-b border-black/10 bg-gray-50 text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="w-20 px-4 py-3 font-semibold">Image</th>
            <th scope="col" className="px-4 py-3 font-semibold">Name</th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">Price</th>
            <th scope="col" className="px-4 py-3 font-semibold">Categories</th>
            <th scope="col" className="px-4 py-3 font-semibold">ID</th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-black/5">
          {products.map((product) => (
            <tr key={product.id} className="align-middle hover:bg-gray-50/70">
              <td className="px-4 py-2.5">
                <img src={product.imageUrl} alt="" width={48} height={48} loading="lazy" className="size-12 rounded-lg border border-black/5 bg-gray-50 object-contain" />
              </td>
              <th scope="row" className="px-4 py-2.5 font-semibold text-ink">{product.name}</th>
              <td className="px-4 py-2.5 text-right tabular-nums text-ink">{formatPrice(product.price)}</td>
              <td className="px-4 py-2.5">
                <ul className="flex flex-wrap gap-1">
                  {product.categoryIds.map((id) => (
                    <li key={id} className="rounded-full bg-gray-100 px-2 py-0.5 text-xs text-ink">{categoryNames.get(id) ?? 'Unknown category'}</li>
                  ))}
                </ul>
              </td>
              <td className="px-4 py-2.5"><CopyIdBadge id={product.id} /></td>
              <td className="px-4 py-2.5">
                <div className="flex justify-end gap-2">
                  <button type="button" onClick={() => onEdit(product)} className={BUTTON.small} aria-label={`Edit ${product.name}`}>Edit</button>
                  <button type="button" onClick={() => onDelete(product)} className={BUTTON.smallDanger} aria-label={`Delete ${product.name}`}>Delete</button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Copies a product's id; says 'Copied!' for 1.2 seconds (spec). */
function CopyIdBadge({ id }: { id: string }) {
  const [copiedAt, setCopiedAt] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setNow(Date.now()), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);

  async function copy() {
    if (await copyText(id)) {
      const at = Date.now();
      setCopiedAt(at);
      setNow(at);
    } else {
      showToast('Could not copy the ID', 'error');
    }
  }

  const label = copyBadgeText(id, copiedAt, now);
  const copied = label === 'Copied!';
  return (
    <button
      type="button"
      onClick={copy}
      title={id}
      aria-label={copied ? 'Copied!' : `Copy ${label}`}
      className={`rounded-md px-2 py-1 font-mono text-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${copied ? 'bg-emerald-100 text-emerald-800' : 'bg-gray-100 text-ink hover:bg-gray-200'}`}
    >
      {label}
    </button>
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Without clipboard permission (some browsers, http pages) the old way still works.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const links = pageLinks(page, pages);
  if (links.length === 0) return null;
  const box = 'grid h-9 min-w-9 place-items-center whitespace-nowrap rounded-lg px-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
  return (
    <nav aria-label="Product pages">
      <ul className="flex flex-wrap items-center gap-1">
        {links.map((link) => {
          if (link.kind === 'gap') return <li key={`gap-${link.side}`} aria-hidden="true" className="px-1 text-muted">…</li>;
          if (link.kind === 'page') {
            return (
              <li key={link.page}>
                <button
                  type="button"
                  onClick={() => onPage(link.page)}
                  aria-label={`Page ${link.page}`}
                  aria-current={link.current ? 'page' : undefined}
                  className={`${box} ${link.current ? 'bg-brand-600 text-white' : 'border border-black/10 bg-white text-ink hover:bg-brand-50 hover:text-brand-700'}`}
                >
                  {link.page}
                </button>
              </li>
            );
          }
          return (
            <li key={link.kind}>
              <button
                type="button"
                onClick={() => onPage(link.page)}
                disabled={link.disabled}
                className={`${box} border border-black/10 bg-white text-ink hover:bg-brand-50 hover:text-brand-700 disabled:cursor-default disabled:bg-white disabled:text-muted disabled:opacity-60`}
              >
                {link.kind === 'first' ? <><span aria-hidden="true">«</span> First</> : <>Last <span aria-hidden="true">»</span></>}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
