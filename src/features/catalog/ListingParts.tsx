/** Pieces the /products and /blogs islands share: filter links, notices, the error state, the sort control. */
import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { SORT_LABELS, type ProductSort } from './listing.ts';
import { isPlainClick } from './use-listing-url.ts';

export const ACTION_CLASS = 'inline-block rounded-full bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700';

/** A link's click handled in the page (a modified click still opens a tab). */
export function follow(action: () => void) {
  return (event: MouseEvent) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    action();
  };
}

/**
 * The listing pages hide their prebuilt first page while an address with filters waits for the
 * island (an inline script sets the mark); the island lifts it once it has read the address.
 */
export function useLiftPendingMark(addressRead: boolean): void {
  useEffect(() => {
    if (addressRead) document.documentElement.removeAttribute('data-listing-pending');
  }, [addressRead]);
}

/** A list of filter links: a column on wide screens, one scrolling row of chips on small ones. */
export function FilterList({ id, children }: { id?: string; children: ReactNode }) {
  const list = useRef<HTMLUListElement>(null);
  // In a scrolling row the chosen filter may sit out of sight: bring it in (without moving the page).
  useEffect(() => {
    const row = list.current;
    const chosen = row?.querySelector('[aria-current]');
    if (!row || !chosen || row.scrollWidth <= row.clientWidth) return;
    const rowBox = row.getBoundingClientRect();
    const box = chosen.getBoundingClientRect();
    if (box.left < rowBox.left || box.right > rowBox.right) row.scrollLeft += box.left - rowBox.left - 16;
  });
  return (
    <ul ref={list} id={id} className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1 lg:mx-0 lg:flex-col lg:gap-0.5 lg:overflow-visible lg:px-0">
      {children}
    </ul>
  );
}

interface ChoiceProps {
  href: string;
  current: boolean;
  onChoose: () => void;
  children: ReactNode;
}

/** A filter choice: a link to the address with that filter, marked current when chosen. */
export function FilterLink({ href, current, onChoose, children }: ChoiceProps) {
  return (
    <li className="shrink-0">
      <a
        href={href}
        aria-current={current ? 'true' : undefined}
        onClick={follow(onChoose)}
        className={`block whitespace-nowrap rounded-full border px-3 py-1.5 text-sm lg:whitespace-normal lg:rounded-lg lg:border-transparent ${
          current ? 'border-brand-600 bg-brand-50 font-semibold text-brand-700' : 'border-black/10 text-ink hover:bg-brand-50 hover:text-brand-700'
        }`}
      >
        {children}
      </a>
    </li>
  );
}

/** A chip of the subcategory row. */
export function Chip({ href, current, onChoose, children }: ChoiceProps) {
  return (
    <a
      href={href}
      aria-current={current ? 'true' : undefined}
      onClick={follow(onChoose)}
      className={`rounded-full border px-4 py-1.5 text-sm font-medium ${
        current ? 'border-brand-600 bg-brand-600 text-white' : 'border-black/10 text-ink hover:border-brand-500 hover:text-brand-700'
      }`}
    >
      {children}
    </a>
  );
}

export function Notice({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="py-16 text-center">
      <p className="mb-4 text-ink">{text}</p>
      {children}
    </div>
  );
}

export function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div role="alert" className="py-16 text-center">
      <p className="text-ink">{text}</p>
      <button type="button" onClick={onRetry} className={`mt-4 ${ACTION_CLASS}`}>Retry</button>
    </div>
  );
}

export function Loading({ text }: { text: string }) {
  return <p role="status" className="py-16 text-center text-muted">{text}</p>;
}

/** The 'Sort by' control over the given sorts, labelled as SORT_LABELS says. */
export function SortControl<S extends ProductSort>({ id, sorts, value, onSort }: { id: string; sorts: readonly S[]; value: S; onSort: (sort: S) => void }) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-ink">Sort by</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const sort = sorts.find((s) => s === event.target.value);
          if (sort) onSort(sort);
        }}
        className="rounded-full border border-black/15 bg-white px-3 py-2 text-sm text-ink focus:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        {sorts.map((sort) => <option key={sort} value={sort}>{SORT_LABELS[sort]}</option>)}
      </select>
    </div>
  );
}
