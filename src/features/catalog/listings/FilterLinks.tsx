/** The filter choices of the listings: links to the address with that filter, in a list or as chips. */
import { useEffect, useRef, type ReactNode } from 'react';
import { follow } from './ListingParts.tsx';

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
