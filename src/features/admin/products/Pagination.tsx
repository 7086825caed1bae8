/** The product list's pages (document 2, section 8): First, up to 8 page numbers with ellipses, Last. */
import { FOCUS_RING } from '../../../components/ui/button.ts';
import { cn } from '../../../components/ui/cn.ts';
import { pageLinks } from './list.ts';

const BOX = 'inline-flex h-9 min-w-9 items-center justify-center gap-1 whitespace-nowrap rounded-lg px-2.5 text-sm font-medium';
const OTHER_PAGE = 'border border-black/10 bg-white text-ink hover:bg-brand-50 hover:text-brand-700';

export function Pagination({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const links = pageLinks(page, pages);
  if (links.length === 0) return null;
  return (
    <nav aria-label="Product pages">
      <ul className="flex flex-wrap items-center gap-1">
        {links.map((link) => {
          if (link.kind === 'gap') return <li key={`gap-${link.side}`} aria-hidden="true" className="px-1 text-muted">…</li>;
          if (link.kind === 'page') {
            return (
              <li key={link.page}>
                <button
                  type="button"
                  onClick={() => onPage(link.page)}
                  aria-label={`Page ${link.page}`}
                  aria-current={link.current ? 'page' : undefined}
                  className={cn(BOX, FOCUS_RING, link.current ? 'bg-brand-600 text-white' : OTHER_PAGE)}
                >
                  {link.page}
                </button>
              </li>
            );
          }
          return (
            <li key={link.kind}>
              <button
                type="button"
                onClick={() => onPage(link.page)}
                disabled={link.disabled}
                className={cn(BOX, FOCUS_RING, OTHER_PAGE, 'disabled:cursor-default disabled:bg-white disabled:text-muted disabled:opacity-60')}
              >
                {link.kind === 'first' ? <><span aria-hidden="true">«</span> First</> : <>Last <span aria-hidden="true">»</span></>}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
