/** The bar over the /search results: the tabs with their counts and, when products are listed, their sort. */
import { useRef, type KeyboardEvent } from 'react';
import { SortControl } from '../catalog/listings/ListingParts.tsx';
import { SEARCH_SORT_LABELS, SEARCH_SORTS, SEARCH_TABS, TAB_LABELS, tabAfterKey, type SearchTab, type TabCounts } from './page-state.ts';
import type { SearchSort } from './queries.ts';

interface Props {
  tab: SearchTab;
  counts: TabCounts;
  onTab: (tab: SearchTab) => void;
  /** The product sort, or null when the tab lists no products. */
  sort: SearchSort | null;
  onSort: (sort: SearchSort) => void;
}

export function ResultsBar({ tab, counts, onTab, sort, onSort }: Props) {
  return (
    <div className="mt-6 flex flex-wrap items-end justify-between gap-4 border-b border-black/10">
      <Tabs current={tab} counts={counts} onChoose={onTab} />
      {sort !== null && (
        <SortControl id="search-sort" sorts={SEARCH_SORTS} labels={SEARCH_SORT_LABELS} value={sort} onSort={onSort} className="mb-3" />
      )}
    </div>
  );
}

/** Tabs with counts (spec: All, Products, Blogs): arrow keys, Home and End move between them. */
function Tabs({ current, counts, onChoose }: { current: SearchTab; counts: TabCounts; onChoose: (tab: SearchTab) => void }) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const tab = tabAfterKey(current, event.key);
    if (!tab) return;
    event.preventDefault();
    // At an end the arrows stay on the tab: choosing it again would start its results over at page 1.
    if (tab !== current) onChoose(tab);
    list.current?.querySelector<HTMLElement>(`#search-tab-${tab}`)?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label="Search results" className="-mb-px flex gap-1" onKeyDown={onKeyDown}>
      {SEARCH_TABS.map((tab) => {
        const selected = tab === current;
        const count = counts[tab];
        return (
          <button
            key={tab}
            id={`search-tab-${tab}`}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls="search-panel"
            tabIndex={selected ? 0 : -1}
            onClick={() => !selected && onChoose(tab)}
            className={`border-b-2 px-4 py-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600 ${
              selected ? 'border-brand-600 text-brand-700' : 'border-transparent text-muted hover:text-ink'
            }`}
          >
            {TAB_LABELS[tab]}
            {count !== null && <span className="font-normal"> ({count})</span>}
          </button>
        );
      })}
    </div>
  );
}
