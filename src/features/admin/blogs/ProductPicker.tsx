/**
 * Choosing the products of an insert: a search on name or description with a category filter,
 * the results as radios (the single tab) or checkboxes, and the chosen products in the order they
 * were chosen.
 */
import { useEffect, useId, useState } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { Field } from '../../../components/ui/Field.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { useLoad, type LoadState } from '../../../lib/use-load.ts';
import { authClient } from '../../account/store.ts';
import type { EmbedProduct } from '../../blog/text/embeds.ts';
import { formatPrice } from '../../catalog/core/price.ts';
import { choosableCategories } from '../categories/choosable.ts';
import type { AdminCategory } from '../categories/queries.ts';
import { fieldId } from '../forms.ts';
import { canChoose, shouldSearchProducts, THREE_PRODUCTS, type InsertMode } from './insert.ts';
import { searchEmbedProducts } from './queries.ts';

/** The spec's debounce for the admin product search. */
const SEARCH_DELAY_MS = 300;

export function ProductPicker({ mode, chosenIds, onToggle, categories }: {
  mode: InsertMode;
  chosenIds: readonly string[];
  onToggle: (product: EmbedProduct) => void;
  /** Every category; the filter offers the product ones. */
  categories: readonly AdminCategory[];
}) {
  const [query, setQuery] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const search = useProductSearch(query, categoryId);

  return (
    <div className="min-w-0 space-y-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <Field id={fieldId('insert', 'search')} label="Search products">
          <Input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Name or description" autoComplete="off" data-autofocus />
        </Field>
        <Field id={fieldId('insert', 'category')} label="Category">
          <Select value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
            <option value="">All categories</option>
            {choosableCategories(categories, 'product', []).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </Select>
        </Field>
      </div>
      <SearchResults search={search} mode={mode} chosenIds={chosenIds} onToggle={onToggle} />
    </div>
  );
}

function SearchResults({ search, mode, chosenIds, onToggle }: {
  search: LoadState<EmbedProduct[]> | null;
  mode: InsertMode;
  chosenIds: readonly string[];
  onToggle: (product: EmbedProduct) => void;
}) {
  if (search === null) return <p className="text-sm text-muted">Type at least 2 characters to search.</p>;
  if (search.status === 'error') return <p role="alert" className="text-sm text-red-700">Failed to load products</p>;
  if (search.status !== 'ready') return <p role="status" className="text-sm text-muted">Searching products...</p>;
  if (search.data.length === 0) return <p className="text-sm text-muted">No products found</p>;
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-ink">Results ({search.data.length})</legend>
      <ul className="grid max-h-[24rem] gap-2 overflow-y-auto pr-1">
        {search.data.map((product) => (
          <li key={product.id}>
            <ProductOption
              product={product}
              single={mode === 'single'}
              chosen={chosenIds.includes(product.id)}
              disabled={!canChoose(chosenIds, product.id, mode)}
              onToggle={() => onToggle(product)}
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function ProductOption({ product, single, chosen, disabled, onToggle }: {
  product: EmbedProduct;
  /** One product at a time: a radio instead of a checkbox. */
  single: boolean;
  chosen: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-xl border p-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
        chosen ? 'border-brand-600 bg-brand-50' : 'border-black/10 bg-white hover:bg-gray-50',
        disabled && 'cursor-not-allowed opacity-50',
      )}
    >
      <input
        type={single ? 'radio' : 'checkbox'}
        name="insert-product"
        checked={chosen}
        disabled={disabled}
        onChange={onToggle}
        // A radio cannot be unchecked by a click: a second click unchooses it.
        onClick={() => single && chosen && onToggle()}
        className="size-4 accent-brand-600"
      />
      <img src={product.imageUrl} alt="" width="56" height="56" loading="lazy" className="size-14 shrink-0 rounded-lg bg-gray-50 object-cover" />
      <span className="min-w-0">
        <span className="line-clamp-2 text-sm font-semibold text-ink">{product.name}</span>
        <span className="block text-sm text-brand-700">{formatPrice(product.price)}</span>
      </span>
    </label>
  );
}

/**
 * The search (spec: runs when the query has 2 or more characters or is empty, debounced 300 ms):
 * null while the query is too short; loading until the typing has paused and the answer is in.
 */
function useProductSearch(query: string, categoryId: string): LoadState<EmbedProduct[]> | null {
  const searchable = shouldSearchProducts(query);
  const key = searchable ? JSON.stringify([query, categoryId]) : null;
  const [settledKey, setSettledKey] = useState(key);
  useEffect(() => {
    const timer = setTimeout(() => setSettledKey(key), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const { state } = useLoad(settledKey === key ? key : null, async () => searchEmbedProducts(await authClient(), { term: query, categoryId }));
  return searchable ? state : null;
}

/** The chosen products in the order they were chosen, each with a button that unchooses it. */
export function ChosenList({ mode, chosen, onRemove }: { mode: InsertMode; chosen: readonly EmbedProduct[]; onRemove: (product: EmbedProduct) => void }) {
  const headingId = useId();
  return (
    <div>
      <p id={headingId} className="text-sm font-semibold text-ink">
        Chosen{mode === 'three' ? ` (${chosen.length} of ${THREE_PRODUCTS})` : ` (${chosen.length})`}
      </p>
      {chosen.length === 0 ? (
        <p className="mt-1 text-sm text-muted">{mode === 'single' ? 'No product chosen yet.' : 'No products chosen yet.'}</p>
      ) : (
        <ol aria-labelledby={headingId} className="mt-2 space-y-1.5">
          {chosen.map((product, index) => (
            <li key={product.id} className="flex items-center gap-2 rounded-lg bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-700">
              <span className="min-w-0 flex-1 truncate">{index + 1}. {product.name}</span>
              <button
                type="button"
                onClick={() => onRemove(product)}
                aria-label={`Remove ${product.name}`}
                className="rounded-full px-1.5 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                ×
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
