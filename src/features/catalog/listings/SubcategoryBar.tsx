/** The row over the products when a subcategory is chosen: its siblings as chips (a drop-down on phones) and Clear Filter. */
import { Chip } from './FilterLinks.tsx';
import { PILL_SELECT } from './ListingParts.tsx';
import type { FilterCategory, FilterChange } from './product-filters.ts';

interface Props {
  category: FilterCategory;
  subcategory: string;
  hrefWith: (change: FilterChange) => string;
  onChoose: (change: FilterChange) => void;
}

export function SubcategoryBar({ category, subcategory, hrefWith, onChoose }: Props) {
  const { subcategories } = category;
  return (
    <div className="mb-6 flex flex-wrap items-center gap-3">
      <div role="group" aria-label={`Subcategories of ${category.name}`} className="hidden flex-wrap gap-2 sm:flex">
        <Chip href={hrefWith({ subcategory: null })} current={false} onChoose={() => onChoose({ subcategory: null })}>All</Chip>
        {subcategories.map((s) => (
          <Chip key={s.id} href={hrefWith({ subcategory: s.id })} current={s.id === subcategory} onChoose={() => onChoose({ subcategory: s.id })}>
            {s.name}
          </Chip>
        ))}
      </div>
      <div className="sm:hidden">
        <label htmlFor="subcategory-select" className="sr-only">Subcategory</label>
        <select
          id="subcategory-select"
          value={subcategory}
          onChange={(event) => onChoose({ subcategory: event.target.value || null })}
          className={PILL_SELECT}
        >
          <option value="">All</option>
          {subcategories.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
        </select>
      </div>
      <button
        type="button"
        onClick={() => onChoose({ subcategory: null })}
        className="rounded-full px-3 py-2 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        Clear Filter
      </button>
    </div>
  );
}
