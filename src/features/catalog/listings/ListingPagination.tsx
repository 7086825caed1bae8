/**
 * Pagination of a listing island: Previous, the first page, a window of numbered pages, the last
 * page, and Next. Plain links, so they work before the island has loaded and open in new tabs.
 */
import { Fragment, type ReactNode } from 'react';
import { pageWindow, previousPage } from '../core/paging.ts';
import { isPlainClick } from './use-listing-url.ts';

interface Props {
  page: number;
  pages: number;
  href: (page: number) => string;
  onPage: (page: number) => void;
}

const BOX = 'grid h-10 min-w-10 place-items-center rounded-full px-3 text-sm font-medium';

export function ListingPagination({ page, pages, href, onPage }: Props) {
  if (pages <= 1) return null;
  const numbers = pageWindow(page, pages);
  const first = numbers[0] ?? 1;
  const last = numbers[numbers.length - 1] ?? pages;
  const previous = previousPage(page, pages);

  const link = (target: number, content: ReactNode, numbered = true) => (
    <a
      href={href(target)}
      aria-label={numbered ? `Page ${target}` : undefined}
      aria-current={numbered && target === page ? 'page' : undefined}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        onPage(target);
      }}
      className={`${BOX} ${numbered && target === page ? 'bg-brand-600 text-white' : 'text-ink ring-1 ring-black/10 hover:bg-brand-50 hover:text-brand-700'}`}
    >
      {content}
    </a>
  );
  const disabled = (text: string) => (
    <span aria-disabled="true" className={`${BOX} text-muted ring-1 ring-black/5`}>
      {text}
    </span>
  );
  const gap = <span aria-hidden="true" className="px-1 text-muted">…</span>;

  return (
    <nav aria-label="Pagination" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {previous === undefined ? disabled('Previous') : link(previous, 'Previous', false)}
      {first > 1 && link(1, 1)}
      {first > 2 && gap}
      {numbers.map((n) => <Fragment key={n}>{link(n, n)}</Fragment>)}
      {last < pages - 1 && gap}
      {last < pages && link(pages, pages)}
      {page < pages ? link(page + 1, 'Next', false) : disabled('Next')}
    </nav>
  );
}
