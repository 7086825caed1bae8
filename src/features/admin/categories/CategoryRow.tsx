/**
 * A category in the list (document 2, section 8): colour and name, types, visibility, audience,
 * the subcategories' names, and the row's actions.
 */
import type { ReactNode } from 'react';
import { GENDER_LABELS } from '../../../lib/audience.ts';
import { subcategorySummary, TYPE_LABELS } from './form.ts';
import type { AdminCategory } from './queries.ts';
import type { CategoryType } from './schemas.ts';

const TAG = 'rounded-full px-2 py-0.5 text-xs font-semibold';
const TYPE_STYLES: Record<CategoryType, string> = {
  product: 'bg-sky-100 text-sky-900',
  blog: 'bg-violet-100 text-violet-900',
  quiz: 'bg-amber-100 text-amber-900',
};

export function CategoryRow({ category, actions }: { category: AdminCategory; actions: ReactNode }) {
  return (
    <tr className="align-middle hover:bg-gray-50/70">
      <th scope="row" className="px-4 py-2.5 font-semibold text-ink">
        <span className="flex items-center gap-2.5">
          <span className="size-4 shrink-0 rounded-full border border-black/10" style={{ background: category.color }} aria-hidden="true" />
          {category.name}
        </span>
      </th>
      <td className="px-4 py-2.5">
        <ul className="flex flex-wrap gap-1" aria-label="Types">
          {category.types.map((type) => <li key={type} className={`${TAG} ${TYPE_STYLES[type]}`}>{TYPE_LABELS[type]}</li>)}
        </ul>
      </td>
      <td className="px-4 py-2.5">
        {category.visible
          ? <span className={`${TAG} bg-emerald-100 text-emerald-900`}>Visible</span>
          : <span className={`${TAG} bg-gray-200 text-gray-800`}>Hidden</span>}
      </td>
      <td className="px-4 py-2.5 text-ink">{GENDER_LABELS[category.gender]}</td>
      <td className="max-w-xs px-4 py-2.5 text-muted">
        {category.subcategories.length === 0
          ? 'None'
          : <span title={category.subcategories.map((s) => s.name).join(', ')}>{subcategorySummary(category.subcategories)}</span>}
      </td>
      <td className="px-4 py-2.5">{actions}</td>
    </tr>
  );
}
