/**
 * The category dialog's subcategories (spec: subcategories by category_id), edited as one list:
 * rename, remove, add. While they load, or after loading them failed, the list is not offered, so
 * a save cannot delete subcategories the admin never saw.
 */
import { Button } from '../../../components/ui/Button.tsx';
import { Field } from '../../../components/ui/Field.tsx';
import { FormSection } from '../../../components/ui/FormSection.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { problemAt, problemsUnder, removeAt, replaceAt, type FormProblem } from '../forms.ts';
import { categoryFieldId, type EditCategory, type SubcategoryRow } from './form.ts';

const GRID = 'sm:grid-cols-[1fr_2fr_4.5rem]';

/** A row's two inputs; a subcategory's name is required, its description is not. */
const INPUTS = [
  { key: 'name', label: 'Subcategory name', placeholder: 'Name', required: true },
  { key: 'description', label: 'Subcategory description', placeholder: 'Description (optional)', required: false },
] as const;

export function SubcategoryList({ status, onRetry, subcategories, problems, edit }: {
  status: 'loading' | 'error' | 'ready';
  onRetry: () => void;
  subcategories: readonly SubcategoryRow[];
  problems: readonly FormProblem[];
  edit: EditCategory;
}) {
  const shownAtRows = subcategories.flatMap((_, i) => INPUTS.map(({ key }) => `subcategories.${i}.${key}`));
  const change = (index: number, row: SubcategoryRow) => edit({ subcategories: replaceAt(subcategories, index, row) }, [`subcategories.${index}`]);

  return (
    <FormSection title="Subcategories" id={categoryFieldId('subcategories')}>
      {status === 'loading' && <p role="status" className="text-sm text-muted">Loading subcategories...</p>}
      {status === 'error' && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-700/20 bg-red-50 px-3 py-2 text-sm text-red-800">
          The subcategories could not be loaded; saving now leaves them as they are.
          <Button variant="secondary" size="xs" onClick={onRetry}>Retry</Button>
        </div>
      )}
      {status === 'ready' && (
        <>
          {problemsUnder(problems, 'subcategories', shownAtRows).map((p) => (
            <p key={p.field} className="text-sm text-red-700">{p.message}</p>
          ))}
          {subcategories.length === 0 ? (
            <p className="text-sm text-muted">No subcategories.</p>
          ) : (
            <ul className="space-y-2">
              <li aria-hidden="true" className={`hidden gap-2 text-xs font-semibold text-muted sm:grid ${GRID}`}>
                <span>Name *</span><span>Description (optional)</span>
              </li>
              {subcategories.map((sub, index) => (
                <li key={sub.id ?? `new-${index}`} className={`grid items-start gap-2 ${GRID}`}>
                  {INPUTS.map(({ key, label, placeholder, required }) => {
                    const field = `subcategories.${index}.${key}`;
                    return (
                      <Field key={key} id={categoryFieldId(field)} label={`${label} ${index + 1}`} labelHidden error={problemAt(problems, field)}>
                        <Input required={required} placeholder={placeholder} value={sub[key]} onChange={(e) => change(index, { ...sub, [key]: e.target.value })} />
                      </Field>
                    );
                  })}
                  <Button
                    variant="dangerOutline"
                    size="xs"
                    onClick={() => edit({ subcategories: removeAt(subcategories, index) }, ['subcategories'])}
                    className="mt-1.5"
                    aria-label={`Remove subcategory ${sub.name || index + 1}`}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <Button variant="secondary" size="xs" onClick={() => edit({ subcategories: [...subcategories, { name: '', description: '' }] }, [])}>
            + Add Subcategory
          </Button>
        </>
      )}
    </FormSection>
  );
}
