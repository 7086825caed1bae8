/**
 * The blog editor's insert dialog (spec): tabs Single, Multiple and Three; the products to insert
 * (ProductPicker.tsx); the tab's texts; and an Insert button that writes the custom tags once the
 * tab's rules are met. It lives only while open, so closing it (after an insert or not) resets
 * the search, choices, texts and filters.
 */
import { useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { Field } from '../../../components/ui/Field.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Textarea } from '../../../components/ui/Textarea.tsx';
import type { EmbedProduct } from '../../blog/text/embeds.ts';
import type { AdminCategory } from '../categories/queries.ts';
import { fieldId } from '../forms.ts';
import { INSERT_MODES, INSERT_TABS, insertProblem, insertTags, selectionForMode, toggleProduct, type InsertMode } from './insert.ts';
import { ChosenList, ProductPicker } from './ProductPicker.tsx';

const PANEL_ID = 'insert-panel';
const tabId = (mode: InsertMode) => `insert-tab-${mode}`;

export default function InsertDialog({ initialMode, categories, onInsert, onClose }: {
  initialMode: InsertMode;
  /** Every category; the product filter offers the product ones. */
  categories: readonly AdminCategory[];
  onInsert: (tags: string) => void;
  onClose: () => void;
}) {
  const [mode, setMode] = useState<InsertMode>(initialMode);
  const [chosen, setChosen] = useState<EmbedProduct[]>([]);
  const [title, setTitle] = useState('');
  const [excerpt, setExcerpt] = useState('');
  const [description, setDescription] = useState('');

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

  const optional = mode === 'single' && <span className="font-normal text-muted"> (optional)</span>;

  return (
    <Dialog
      title="Insert Products"
      onRequestClose={onClose}
      footer={
        <>
          <p className="mr-auto text-sm text-muted" aria-live="polite">{problem ?? 'Ready to insert.'}</p>
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
          <Button onClick={insert} disabled={problem !== null}>Insert</Button>
        </>
      }
    >
      <InsertTabs mode={mode} onChange={switchTo} />
      <div id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(mode)} className="space-y-4">
        <p className="text-sm text-muted">{INSERT_TABS[mode].hint}</p>
        <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_17rem]">
          <ProductPicker mode={mode} chosenIds={choice.productIds} onToggle={toggle} categories={categories} />
          <div className="space-y-4">
            {mode !== 'multiple' && (
              <>
                <Field id={fieldId('insert', 'title')} label={<>Title{optional}</>} required={mode === 'three'}>
                  <Input value={title} onChange={(e) => setTitle(e.target.value)} required={mode === 'three'} />
                </Field>
                <Field id={fieldId('insert', 'excerpt')} label={<>Excerpt{optional}</>} required={mode === 'three'}>
                  <Textarea rows={2} value={excerpt} onChange={(e) => setExcerpt(e.target.value)} required={mode === 'three'} />
                </Field>
              </>
            )}
            {mode === 'single' && (
              <Field id={fieldId('insert', 'description')} label={<>Description{optional}</>}>
                <Textarea rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
              </Field>
            )}
            <ChosenList mode={mode} chosen={chosen} onRemove={toggle} />
          </div>
        </div>
      </div>
    </Dialog>
  );
}

/** The tabs, with arrow keys moving between them (the tabs pattern). */
function InsertTabs({ mode, onChange }: { mode: InsertMode; onChange: (mode: InsertMode) => void }) {
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = INSERT_MODES[(INSERT_MODES.indexOf(mode) + step + INSERT_MODES.length) % INSERT_MODES.length] ?? mode;
    onChange(next);
    document.getElementById(tabId(next))?.focus();
  }

  return (
    <div role="tablist" aria-label="Embed type" className="mb-4 flex gap-1 border-b border-black/10">
      {INSERT_MODES.map((m) => (
        <button
          key={m}
          id={tabId(m)}
          type="button"
          role="tab"
          aria-selected={mode === m}
          aria-controls={PANEL_ID}
          tabIndex={mode === m ? 0 : -1}
          onClick={() => onChange(m)}
          onKeyDown={onKeyDown}
          className={cn('-mb-px border-b-2 px-4 py-2 text-sm font-semibold', mode === m ? 'border-brand-600 text-brand-700' : 'border-transparent text-muted hover:text-ink')}
        >
          {INSERT_TABS[m].label}
        </button>
      ))}
    </div>
  );
}
