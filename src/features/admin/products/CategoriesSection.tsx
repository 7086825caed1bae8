/**
 * The product dialog's 'Categories' (document 2, section 8): a row per category with its
 * subcategories to tick, read the first time the category is chosen; rows are added and removed,
 * and choosing another category in a row clears its subcategories.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Field, FieldError } from '../../../components/ui/Field.tsx';
import { FormSection } from '../../../components/ui/FormSection.tsx';
import { Select } from '../../../components/ui/Select.tsx';
import { authClient } from '../../account/store.ts';
import { subcategoriesOf, type AdminCategory, type AdminSubcategory } from '../categories/queries.ts';
import { problemAt, problemsUnder } from '../forms.ts';
import {
  categoryChoiceLabel, productFieldId, rowsWithCategory, rowsWithRowAdded, rowsWithRowRemoved, rowsWithSubcategory,
  type CategoryName, type CategoryRow, type ProductSectionProps,
} from './form.ts';

type SubcategoryOptions = Record<string, AdminSubcategory[] | undefined>;

/** Each chosen category's subcategories, read when first chosen; a failed read is only logged (spec). */
function useSubcategoryOptions(rows: readonly CategoryRow[]): SubcategoryOptions {
  const categoryIds = useMemo(() => rows.map((r) => r.categoryId), [rows]);
  const [options, setOptions] = useState<SubcategoryOptions>({});
  const asked = useRef(new Set<string>());
  useEffect(() => {
    for (const id of categoryIds) {
      if (!id || asked.current.has(id)) continue;
      asked.current.add(id);
      authClient()
        .then((db) => subcategoriesOf(db, id))
        .then(
          (subcategories) => setOptions((current) => ({ ...current, [id]: subcategories })),
          (error: unknown) => {
            console.error('Failed to fetch subcategories', error);
            setOptions((current) => ({ ...current, [id]: [] }));
          },
        );
    }
  }, [categoryIds]);
  return options;
}

export function CategoriesSection({ form, problems, edit, choosable, categoryName }: ProductSectionProps & {
  /** The categories a row may name. */
  choosable: readonly AdminCategory[];
  categoryName: CategoryName;
}) {
  const rows = form.categoryRows;
  const options = useSubcategoryOptions(rows);
  const noCategory = problemAt(problems, 'category_ids');
  return (
    // The section takes the subcategories' field id: a subcategory problem focuses it.
    <FormSection title="Categories" id={productFieldId('subcategory_ids')} description="Choose a category and, if you like, some of its subcategories. Add rows for more categories.">
      {noCategory && (
        <p role="alert" className="rounded-lg border border-red-700/30 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">{noCategory}</p>
      )}
      {problemsUnder(problems, 'subcategory_ids', []).map((p) => <FieldError key={p.field} message={p.message} />)}
      <ul className="space-y-3">
        {rows.map((row, index) => {
          const label = rows.length > 1 ? `Category ${index + 1}` : 'Category';
          return (
            <li key={index} className="rounded-xl border border-black/10 bg-gray-50/60 p-3">
              <div className="flex items-end gap-2">
                {/* The first row's select is where a missing category is reported. */}
                <Field id={index === 0 ? productFieldId('category_ids') : productFieldId(`category.${index}`)} label={label} className="min-w-0 flex-1">
                  <Select value={row.categoryId} onChange={(e) => edit({ categoryRows: rowsWithCategory(rows, index, e.target.value) })} aria-invalid={noCategory ? true : undefined}>
                    <option value="">Choose a category</option>
                    {choosable.map((c) => <option key={c.id} value={c.id}>{categoryChoiceLabel(c)}</option>)}
                  </Select>
                </Field>
                <Button variant="dangerOutline" size="xs" onClick={() => edit({ categoryRows: rowsWithRowRemoved(rows, index) })} aria-label={`Remove ${label.toLowerCase()}`}>
                  Remove
                </Button>
              </div>
              {row.categoryId && (
                <Subcategories
                  categoryName={categoryName(row.categoryId) ?? 'this category'}
                  options={options[row.categoryId]}
                  chosen={row.subcategoryIds}
                  onChoose={(id, chosen) => edit({ categoryRows: rowsWithSubcategory(rows, index, id, chosen) })}
                />
              )}
            </li>
          );
        })}
      </ul>
      <Button variant="secondary" size="xs" onClick={() => edit({ categoryRows: rowsWithRowAdded(rows) })}>+ Add another category</Button>
    </FormSection>
  );
}

function Subcategories({ categoryName, options, chosen, onChoose }: {
  categoryName: string;
  /** Undefined while they are read. */
  options: readonly AdminSubcategory[] | undefined;
  chosen: readonly string[];
  onChoose: (subcategoryId: string, chosen: boolean) => void;
}) {
  return (
    <fieldset className="mt-3">
      <legend className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-muted">Subcategories of {categoryName}</legend>
      {options === undefined ? (
        <p className="text-sm text-muted">Loading subcategories...</p>
      ) : options.length === 0 ? (
        <p className="text-sm text-muted">No subcategories.</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {options.map((s) => {
            const checked = chosen.includes(s.id);
            return (
              <label key={s.id} className={cn('inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm', checked ? 'border-brand-600 bg-brand-50 text-brand-700' : 'border-black/15 bg-white text-ink')}>
                <input type="checkbox" checked={checked} onChange={(e) => onChoose(s.id, e.target.checked)} className="size-4 accent-brand-600" />
                {s.name}
              </label>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
