/** The filter choices of the listings: links to the address with that filter, in a list or as chips. */
import { useEffect, useRef, type ReactNode } from 'react';
import { follow } from './ListingParts.tsx';
import { isUnavailable } from './product-filters.ts';

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
  /** The products the choice would give, shown after its name; a choice that gives none cannot be chosen. */
  count?: number;
  onChoose: () => void;
  children: ReactNode;
}

/**
 * A choice's name and count, read as 'Tech Gadgets (12)'. The count is hidden with the prebuilt
 * results while an address with filters waits for the island (see ListingFrame.astro).
 */
function Label({ count, children }: Pick<ChoiceProps, 'count' | 'children'>) {
  return (
    <>
      {children}
      {count !== undefined && <span className="font-normal" data-prebuilt="">{` (${count.toLocaleString('en-US')})`}</span>}
    </>
  );
}

/** How a choice looks: its shape, and its colours when chosen and when not. */
interface ChoiceStyle {
  shape: string;
  chosen: string;
  unchosen: string;
}

/**
 * A choice: a link to the address with it, marked current when chosen. One that would give no
 * products is a link without an address (not focusable, not followed), marked disabled for
 * assistive technology, and muted.
 */
function Choice({ href, current, count, onChoose, children, look }: ChoiceProps & { look: ChoiceStyle }) {
  const label = <Label count={count}>{children}</Label>;
  if (isUnavailable({ count, current })) {
    return (
      <a role="link" aria-disabled="true" className={`${look.shape} cursor-not-allowed border-black/5 text-muted opacity-60`}>
        {label}
      </a>
    );
  }
  return (
    <a href={href} aria-current={current ? 'true' : undefined} onClick={follow(onChoose)} className={`${look.shape} ${current ? look.chosen : look.unchosen}`}>
      {label}
    </a>
  );
}

const LIST_LINK: ChoiceStyle = {
  shape: 'block whitespace-nowrap rounded-full border px-3 py-1.5 text-sm lg:whitespace-normal lg:rounded-lg lg:border-transparent',
  chosen: 'border-brand-600 bg-brand-50 font-semibold text-brand-700',
  unchosen: 'border-black/10 text-ink hover:bg-brand-50 hover:text-brand-700',
};

const CHIP: ChoiceStyle = {
  shape: 'rounded-full border px-4 py-1.5 text-sm font-medium',
  chosen: 'border-brand-600 bg-brand-600 text-white',
  unchosen: 'border-black/10 text-ink hover:border-brand-500 hover:text-brand-700',
};

/** A filter choice in a list. */
export function FilterLink(props: ChoiceProps) {
  return (
    <li className="shrink-0">
      <Choice {...props} look={LIST_LINK} />
    </li>
  );
}

/** A chip of the subcategory row. */
export function Chip(props: ChoiceProps) {
  return <Choice {...props} look={CHIP} />;
}
