/**
 * The /products filter panel: a group of filter links per productFilterGroups, each link the address
 * with that filter and the products it would give; a choice that would give none is shown disabled.
 */
import type { Ref } from 'react';
import { FilterLink, FilterList } from './FilterLinks.tsx';
import type { FilterChange, FilterGroup } from './product-filters.ts';

interface Props {
  groups: FilterGroup[];
  hrefWith: (change: FilterChange) => string;
  onChoose: (change: FilterChange) => void;
  /** The panel, for the floating Filters button. */
  panelRef: Ref<HTMLElement>;
  /** The panel's heading, which the floating Filters button focuses. */
  headingRef: Ref<HTMLHeadingElement>;
}

export function FilterPanel({ groups, hrefWith, onChoose, panelRef, headingRef }: Props) {
  return (
    <aside ref={panelRef} aria-labelledby="filters-heading" className="mb-8 space-y-5 lg:mb-0 lg:w-60 lg:shrink-0">
      <h2 id="filters-heading" ref={headingRef} tabIndex={-1} className="text-lg font-bold text-ink focus:outline-none">
        Filters
      </h2>
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={group.id}>
          <h3 id={group.id} className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted">{group.title}</h3>
          <FilterList>
            {group.choices.map((choice) => (
              <FilterLink
                key={choice.key}
                href={hrefWith(choice.change)}
                current={choice.current}
                count={choice.count}
                onChoose={() => onChoose(choice.change)}
              >
                {choice.label}
              </FilterLink>
            ))}
          </FilterList>
        </section>
      ))}
    </aside>
  );
}
