/**
 * The blog editor's form: the blog's details, the markdown body with its insert buttons (each
 * opens the insert dialog on its tab, and the tags go in where the cursor was), and the product
 * ids the body embeds.
 */
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Field } from '../../../components/ui/Field.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { Textarea } from '../../../components/ui/Textarea.tsx';
import { GENDER_LABELS, GENDERS, type Gender } from '../../../lib/audience.ts';
import { fieldId, problemAt, type FormProblem } from '../forms.ts';
import type { AdminCategory } from '../categories/queries.ts';
import { heroImageProblem, type BlogForm } from './editor.ts';
import { insertBlock, type InsertMode } from './insert.ts';
import InsertDialog from './InsertDialog.tsx';
import type { EditorWriter } from './queries.ts';

/** The id of a field's control, by the field's name in the body the editor saves ('blog-title'). */
const idOf = (field: string) => fieldId('blog', field);

export type ChangeField = <K extends keyof BlogForm>(field: K, value: BlogForm[K]) => void;

export function BlogDetails({ form, change, categories, writers, problems }: {
  form: BlogForm;
  change: ChangeField;
  /** What the last save found wrong, shown at each field. */
  problems: readonly FormProblem[];
  /** The categories a blog may have. */
  categories: readonly AdminCategory[];
  writers: readonly EditorWriter[];
}) {
  return (
    <fieldset className="grid gap-4 rounded-2xl border border-black/10 bg-white p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-bold uppercase tracking-wide text-muted">Details</legend>
      <Field id={idOf('title')} error={problemAt(problems, 'title')} label="Title" className="sm:col-span-2">
        <Input value={form.title} onChange={(e) => change('title', e.target.value)} />
      </Field>
      <Field id={idOf('excerpt')} error={problemAt(problems, 'excerpt')} label="Excerpt" className="sm:col-span-2">
        <Textarea rows={2} value={form.excerpt} onChange={(e) => change('excerpt', e.target.value)} />
      </Field>
      <Field id={idOf('category_id')} error={problemAt(problems, 'category_id')} label="Category">
        <Select value={form.categoryId} onChange={(e) => change('categoryId', e.target.value)}>
          <option value="">No category</option>
          {categories.map((c) => <option key={c.id} value={c.id}>{c.visible ? c.name : `${c.name} (hidden)`}</option>)}
        </Select>
      </Field>
      <Field id={idOf('gender_category')} error={problemAt(problems, 'gender_category')} label="Target Audience">
        <Select value={form.gender} onChange={(e) => change('gender', e.target.value as Gender)}>
          {GENDERS.map((g) => <option key={g} value={g}>{GENDER_LABELS[g]}</option>)}
        </Select>
      </Field>
      <Field id={idOf('image_url')} label="Hero Image URL" error={problemAt(problems, 'image_url') ?? heroImageProblem(form.imageUrl)} className="sm:col-span-2">
        <Input type="url" inputMode="url" value={form.imageUrl} onChange={(e) => change('imageUrl', e.target.value)} placeholder="https://… or /media/…" />
      </Field>
      <Field id={idOf('publish_date')} error={problemAt(problems, 'publish_date')} label="Publish Date">
        <Input type="date" value={form.publishDate} onChange={(e) => change('publishDate', e.target.value)} />
      </Field>
      <Field id={idOf('writer_id')} error={problemAt(problems, 'writer_id')} label="Writer">
        <Select value={form.writerId} onChange={(e) => change('writerId', e.target.value)}>
          <option value="">No writer</option>
          {writers.map((w) => <option key={w.id} value={w.id}>{w.name}</option>)}
        </Select>
      </Field>
      <Field id={idOf('author')} error={problemAt(problems, 'author')} label="Author">
        <Input value={form.author} onChange={(e) => change('author', e.target.value)} />
      </Field>
      <div className="flex items-end pb-2">
        <label className="inline-flex items-center gap-2 text-sm font-medium text-ink">
          <input type="checkbox" checked={form.featured} onChange={(e) => change('featured', e.target.checked)} className="size-4 accent-brand-600" />
          Featured
        </label>
      </div>
    </fieldset>
  );
}

const INSERT_BUTTONS: { mode: InsertMode; label: string }[] = [
  { mode: 'single', label: 'Insert single product' },
  { mode: 'multiple', label: 'Insert multiple products' },
  { mode: 'three', label: 'Insert three products' },
];

/** The markdown body; its buttons put product tags in place of the selection. */
export function ContentField({ value, onChange, categories }: {
  value: string;
  onChange: (content: string) => void;
  /** Every category; the insert dialog filters products by the product ones. */
  categories: readonly AdminCategory[];
}) {
  const [inserting, setInserting] = useState<{ mode: InsertMode; start: number; end: number } | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);

  function open(mode: InsertMode) {
    setInserting({ mode, start: area.current?.selectionStart ?? value.length, end: area.current?.selectionEnd ?? value.length });
  }

  function insert(tags: string) {
    if (!inserting) return;
    const next = insertBlock(value, inserting.start, inserting.end, tags);
    onChange(next.content);
    setInserting(null);
    // After React has put the new text in, the cursor goes just after the inserted tags.
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(next.cursor, next.cursor);
    });
  }

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={idOf('content')} className="text-sm font-medium text-ink">Content <span className="font-normal text-muted">(Markdown)</span></label>
        <div role="toolbar" aria-label="Insert custom tags" className="flex flex-wrap gap-2">
          {INSERT_BUTTONS.map(({ mode, label }) => (
            <Button key={mode} variant="secondary" size="xs" onClick={() => open(mode)}>{label}</Button>
          ))}
        </div>
      </div>
      <Textarea
        id={idOf('content')}
        ref={area}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={22}
        spellCheck
        className="mt-2 min-h-[24rem] font-mono leading-relaxed"
      />
      {inserting && <InsertDialog initialMode={inserting.mode} categories={categories} onInsert={insert} onClose={() => setInserting(null)} />}
    </div>
  );
}

/** The product ids the body embeds (spec: extracted from the content), with names once the preview knows them. */
export function EmbeddedProducts({ ids, names }: { ids: readonly string[]; names: (id: string) => string | undefined }) {
  const headingId = useId();
  return (
    <div>
      <h2 id={headingId} className="text-sm font-medium text-ink">Embedded products ({ids.length})</h2>
      {ids.length === 0 ? (
        <p className="mt-1 text-sm text-muted">No product tags in the content yet.</p>
      ) : (
        <ul aria-labelledby={headingId} className="mt-2 flex flex-wrap gap-2">
          {ids.map((id) => (
            <li key={id} className="inline-flex items-center gap-2 rounded-full border border-black/10 bg-white px-3 py-1 text-xs text-ink">
              {names(id) && <span className="font-semibold">{names(id)}</span>}
              <code className="text-muted">{id}</code>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
