/** The category's types as ticks; with none ticked it says so at once (spec: Save stays disabled). */
import { categoryFieldId, TYPE_LABELS, withType } from './form.ts';
import { CATEGORY_MESSAGES, CATEGORY_TYPES, type CategoryType } from './schemas.ts';

export function CategoryTypes({ types, onChange }: { types: readonly CategoryType[]; onChange: (types: CategoryType[]) => void }) {
  const id = categoryFieldId('type');
  const none = types.length === 0;
  return (
    <fieldset id={id} tabIndex={-1} className="space-y-2 focus:outline-none" aria-describedby={none ? `${id}-problem` : undefined}>
      <legend className="text-sm font-bold uppercase tracking-wide text-muted">Types</legend>
      <p className="text-sm text-muted">Where the category is used: product lists, blog lists, quiz results.</p>
      <div className="flex flex-wrap gap-2">
        {CATEGORY_TYPES.map((type) => {
          const checked = types.includes(type);
          return (
            <label
              key={type}
              className={`inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm ${checked ? 'border-brand-600 bg-brand-50 text-brand-700' : 'border-black/15 bg-white text-ink'}`}
            >
              <input type="checkbox" checked={checked} onChange={(e) => onChange(withType(types, type, e.target.checked))} className="size-4 accent-brand-600" />
              {TYPE_LABELS[type]}
            </label>
          );
        })}
      </div>
      {none && <p id={`${id}-problem`} role="alert" className="text-sm font-medium text-red-700">{CATEGORY_MESSAGES.noType}</p>}
    </fieldset>
  );
}
