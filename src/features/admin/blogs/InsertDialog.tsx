/**
 * The blog editor's insert dialog (spec): tabs Single, Multiple and Three; a product search that
 * runs for 2 or more characters or an empty query, filtered by category; the tab's fields; and an
 * Insert button that writes the custom tags. It lives only while open, so closing it (after an
 * insert or not) resets the search, choices, texts and filters.
 */
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { authClient } from '../../account/store.ts';
import type { EmbedProduct } from '../../blog/embeds.ts';
import { formatPrice } from '../../catalog/price.ts';
import {
  canChoose, INSERT_MODE_LABELS, INSERT_MODES, insertProblem, insertTags, selectionForMode, shouldSearchProducts, THREE_PRODUCTS,
  toggleProduct, type InsertMode,
} from './insert.ts';
import { searchEmbedProducts } from './queries.ts';
import { type AdminCategory } from '../categories/queries.ts';
import { BUTTON, INPUT, LABEL, Modal, type Loadable } from '../content-ui.tsx';

/** The spec's debounce for the admin product search. */
const SEARCH_DELAY_MS = 300;

const TAB_HINTS: Record<InsertMode, string> = {
  single: 'One product with an optional title, excerpt and description.',
  multiple: 'One product block per chosen product, one after the other.',
  three: `A row of exactly ${THREE_PRODUCTS} products under a title and an excerpt.`,
};

interface Props {
  initialMode: InsertMode;
  /** Product categories for the filter. */
  categories: readonly AdminCategory[];
  onInsert: (tags: string) => void;
  onClose: () => void;
}

export default function BlogEditorInsertDialog({ initialMode, categories, onInsert, onClose }: Props) {
  const [mode, setMode] = useState<InsertMode>(initialMode);
  const [query, setQuery] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [chosen, setChosen] = useState<EmbedProduct[]>([]);
  const [title, setTitle] = useState('');
  const [excerpt, setExcerpt] = useState('');
  const [description, setDescription] = useState('');
  const results = useProductSearch(query, categoryId);
  const ids = useId();

  const choice = { mode, productIds: chosen.map((p) => p.id), title, excerpt, description };
  const problem = insertProblem(choice);

  function switchTo(next: InsertMode) {
    setMode(next);
    const kept = selectionForMode(choice.productIds, next);
    setChosen((products) => products.filter((p) => kept.includes(p.id)));
  }

  function toggle(product: EmbedProduct) {
    const next = toggleProduct(choice.productIds, product.id, mode);
    const byId = new Map([...chosen, product].map((p) => [p.id, p]));
    setChosen(next.flatMap((id) => byId.get(id) ?? []));
  }

  function insert() {
    const tags = insertTags(choice);
    if (tags !== null) onInsert(tags);
  }

  // Arrow keys move between the tabs (the tabs pattern).
  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = INSERT_MODES[(INSERT_MODES.indexOf(mode) + step + INSERT_MODES.length) % INSERT_MODES.length] ?? mode;
    switchTo(next);
    document.getElementById(`${ids}-tab-${next}`)?.focus();
  }

  const inputType = mode === 'single' ? 'radio' : 'checkbox';
  const productCategories = categories.filter((c) => c.types.includes('product'));

  return (
    <Modal
      title="Insert Products"
      onRequestClose={onClose}
      footer={
        <>
          <p className="mr-auto text-sm text-muted" aria-live="polite">{problem ?? 'Ready to insert.'}</p>
          <button type="button" onClick={onClose} className={BUTTON.secondary}>Cancel</button>
          <button type="button" onClick={insert} disabled={problem !== null} className={BUTTON.primary}>Insert</button>
        </>
      }
    >
      <div role="tablist" aria-label="Embed type" className="mb-4 flex gap-1 border-b border-black/10">
        {INSERT_MODES.map((m) => (
          <button
            key={m}
            id={`${ids}-tab-${m}`}
            type="button"
            role="tab"
            aria-selected={mode === m}
            aria-controls={`${ids}-panel`}
            tabIndex={mode === m ? 0 : -1}
            onClick={() => switchTo(m)}
            onKeyDown={onTabKey}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${mode === m ? 'border-brand-600 text-brand-700' : 'border-transparent text-muted hover:text-ink'}`}
          >
            {INSERT_MODE_LABELS[m]}
          </button>
        ))}
      </div>

      <div id={`${ids}-panel`} role="tabpanel" aria-labelledby={`${ids}-tab-${mode}`} className="space-y-4">
        <p className="text-sm text-muted">{TAB_HINTS[mode]}</p>
        <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_17rem]">
          <div className="min-w-0 space-y-4">
            <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
              <div>
                <label htmlFor={`${ids}-search`} className={LABEL}>Search products</label>
                <input
                  id={`${ids}-search`}
                  type="search"
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                  placeholder="Name or description"
                  autoComplete="off"
                  data-autofocus
                  className={INPUT}
                />
              </div>
              <div>
                <label htmlFor={`${ids}-category`} className={LABEL}>Category</label>
                <select id={`${ids}-category`} value={categoryId} onChange={(e) => setCategoryId(e.target.value)} className={INPUT}>
                  <option value="">All categories</option>
                  {productCategories.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
                </select>
              </div>
            </div>
            <SearchResults
              results={results}
              searching={shouldSearchProducts(query)}
              isChosen={(id) => choice.productIds.includes(id)}
              canChoose={(id) => canChoose(choice.productIds, id, mode)}
              inputType={inputType}
              groupName={`${ids}-product`}
              onToggle={toggle}
            />
          </div>

          <div className="space-y-4">
            {mode !== 'multiple' && (
              <>
                <div>
                  <label htmlFor={`${ids}-title`} className={LABEL}>Title{mode === 'single' && <span className="font-normal text-muted"> (optional)</span>}</label>
                  <input id={`${ids}-title`} value={title} onChange={(e) => setTitle(e.target.value)} required={mode === 'three'} className={INPUT} />
                </div>
                <div>
                  <label htmlFor={`${ids}-excerpt`} className={LABEL}>Excerpt{mode === 'single' && <span className="font-normal text-muted"> (optional)</span>}</label>
                  <textarea id={`${ids}-excerpt`} rows={2} value={excerpt} onChange={(e) => setExcerpt(e.target.value)} required={mode === 'three'} className={INPUT} />
                </div>
              </>
            )}
            {mode === 'single' && (
              <div>
                <label htmlFor={`${ids}-description`} className={LABEL}>Description<span className="font-normal text-muted"> (optional)</span></label>
                <textarea id={`${ids}-description`} rows={3} value={description} onChange={(e) => setDescription(e.target.value)} className={INPUT} />
              </div>
            )}
            <div>
              <p id={`${ids}-chosen`} className="text-sm font-semibold text-ink">
                Chosen{mode === 'three' ? ` (${chosen.length} of ${THREE_PRODUCTS})` : ` (${chosen.length})`}
              </p>
              {chosen.length === 0 ? (
                <p className="mt-1 text-sm text-muted">{mode === 'single' ? 'No product chosen yet.' : 'No products chosen yet.'}</p>
              ) : (
                <ol aria-labelledby={`${ids}-chosen`} className="mt-2 space-y-1.5">
                  {chosen.map((product, index) => (
                    <li key={product.id} className="flex items-center gap-2 rounded-lg bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-700">
                      <span className="min-w-0 flex-1 truncate">{index + 1}. {product.name}</span>
                      <button type="button" onClick={() => toggle(product)} aria-label={`Remove ${product.name}`} className="rounded-full px-1.5 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600">×</button>
                    </li>
                  ))}
                </ol>
              )}
            </div>
          </div>
        </div>
      </div>
    </Modal>
  );
}

function SearchResults({
  results, searching, isChosen, canChoose: choosable, inputType, groupName, onToggle,
}: {
  results: Loadable<EmbedProduct[]>;
  searching: boolean;
  isChosen: (id: string) => boolean;
  canChoose: (id: string) => boolean;
  inputType: 'radio' | 'checkbox';
  groupName: string;
  onToggle: (product: EmbedProduct) => void;
}) {
  if (!searching) return <p className="text-sm text-muted">Type at least 2 characters to search.</p>;
  if (results.status === 'loading') return <p role="status" className="text-sm text-muted">Searching products...</p>;
  if (results.status === 'error') return <p role="alert" className="text-sm text-red-700">Failed to load products</p>;
  if (results.data.length === 0) return <p className="text-sm text-muted">No products found</p>;
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-ink">Results ({results.data.length})</legend>
      <ul className="grid max-h-[24rem] gap-2 overflow-y-auto pr-1">
        {results.data.map((product) => {
          const chosen = isChosen(product.id);
          const disabled = !choosable(product.id);
          return (
            <li key={product.id}>
              <label
                className={`flex cursor-pointer items-center gap-3 rounded-xl border p-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${
                  chosen ? 'border-brand-600 bg-brand-50' : 'border-black/10 bg-white hover:bg-gray-50'
                } ${disabled ? 'cursor-not-allowed opacity-50' : ''}`}
              >
                <input
                  type={inputType}
                  name={groupName}
                  checked={chosen}
                  disabled={disabled}
                  onChange={() => onToggle(product)}
                  // A radio cannot be unchecked by a click: a second click unchooses it.
                  onClick={() => inputType === 'radio' && chosen && onToggle(product)}
                  className="size-4 accent-brand-600"
                />
                <img src={product.imageUrl} alt="" width="56" height="56" loading="lazy" className="size-14 shrink-0 rounded-lg bg-gray-50 object-cover" />
                <span className="min-w-0">
                  <span className="line-clamp-2 text-sm font-semibold text-ink">{product.name}</span>
                  <span className="block text-sm text-brand-700">{formatPrice(product.price)}</span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** The search (spec: runs when the query has 2 or more characters or is empty; debounced 300 ms). */
function useProductSearch(query: string, categoryId: string): Loadable<EmbedProduct[]> {
  const [state, setState] = useState<Loadable<EmbedProduct[]>>({ status: 'loading' });
  useEffect(() => {
    if (!shouldSearchProducts(query)) return;
    let current = true;
    setState({ status: 'loading' });
    const timer = setTimeout(() => {
      authClient()
        .then((db) => searchEmbedProducts(db, { term: query, categoryId }))
        .then(
          (data) => current && setState({ status: 'ready', data }),
          (error: unknown) => {
            console.error(error);
            if (current) setState({ status: 'error' });
          },
        );
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, categoryId]);
  return state;
}
