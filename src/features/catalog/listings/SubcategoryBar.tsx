/** The row over the products when a subcategory is chosen: its siblings as chips (a drop-down on phones) and Clear Filter. */
import { Chip } from './FilterLinks.tsx';
import { PILL_SELECT } from './ListingParts.tsx';
import { isUnavailable, type FilterCategory, type FilterChange } from './product-filters.ts';

interface Props {
  category: FilterCategory;
  subcategory: string;
  /** The products each choice would give, by subcategory id ('all': the whole category), when known. */
  counts?: Record<string, number>;
  hrefWith: (change: FilterChange) => string;
  onChoose: (change: FilterChange) => void;
}

const ALL = 'all';

export function SubcategoryBar({ category, subcategory, counts, hrefWith, onChoose }: Props) {
  const choices = [{ id: ALL, name: 'All' }, ...category.subcategories];
  const change = (id: string): FilterChange => ({ subcategory: id === ALL ? null : id });
  const withCount = (name: string, id: string) => (counts?.[id] === undefined ? name : `${name} (${counts[id].toLocaleString('en-US')})`);
  return (
    <div className="mb-6 flex flex-wrap items-center gap-3">
      <div role="group" aria-label={`Subcategories of ${category.name}`} className="hidden flex-wrap gap-2 sm:flex">
        {choices.map((s) => (
          <Chip key={s.id} href={hrefWith(change(s.id))} current={s.id === subcategory} count={counts?.[s.id]} onChoose={() => onChoose(change(s.id))}>
            {s.name}
          </Chip>
        ))}
      </div>
      <div className="sm:hidden">
        <label htmlFor="subcategory-select" className="sr-only">Subcategory</label>
        <select
          id="subcategory-select"
          value={subcategory}
          onChange={(event) => onChoose(change(event.target.value || ALL))}
          className={PILL_SELECT}
        >
          {choices.map((s) => (
            <option key={s.id} value={s.id === ALL ? '' : s.id} disabled={isUnavailable({ count: counts?.[s.id], current: s.id === subcategory })}>
              {withCount(s.name, s.id)}
            </option>
          ))}
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
