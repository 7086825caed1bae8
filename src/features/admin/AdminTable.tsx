/**
 * The admin rooms' list tables: a bordered, horizontally scrolling table with a screen-reader
 * caption and the column headings, its Actions column kept in sight, dimmed while a newer answer
 * loads; and the Edit and Delete buttons of a row, named after the row's item.
 */
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { buttonVariants } from '../../components/ui/button.ts';
import { cn } from '../../components/ui/cn.ts';

export interface Column {
  label: string;
  align?: 'right';
  className?: string;
}

/**
 * A last 'Actions' column stays at the right edge while the table scrolls sideways, so on a phone a
 * row's Edit and Delete are in sight beside its first columns.
 */
const STICKY_ACTIONS =
  '[&_th:last-child]:sticky [&_th:last-child]:right-0 [&_th:last-child]:bg-gray-50 ' +
  '[&_td:last-child]:sticky [&_td:last-child]:right-0 [&_td:last-child]:bg-white [&_td:last-child]:shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.15)]';

export function AdminTable({ caption, columns, minWidth, refreshing = false, children }: {
  caption: string;
  columns: readonly Column[];
  /** A Tailwind min-width class, such as 'min-w-[48rem]'. */
  minWidth: string;
  refreshing?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={cn('overflow-x-auto rounded-2xl border border-black/10 bg-white transition-opacity', refreshing && 'opacity-60')} aria-busy={refreshing || undefined}>
      <table className={cn('w-full text-left text-sm', minWidth, columns.at(-1)?.label === 'Actions' && STICKY_ACTIONS)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-black/10 bg-gray-50 text-xs uppercase tracking-wide text-muted">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={cn('px-4 py-3 font-semibold', column.align === 'right' && 'text-right', column.className)}>{column.label}</th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-black/5">{children}</tbody>
      </table>
    </div>
  );
}

/** A row's Edit (a button, or a link with `editHref`) and Delete, named after the item ('Edit Desk Lamp'). */
export function RowActions({ name, onEdit, editHref, onDelete, deleting = false }: {
  name: string;
  onEdit?: () => void;
  editHref?: string;
  onDelete: () => void;
  deleting?: boolean;
}) {
  return (
    <div className="flex justify-end gap-2">
      {editHref ? (
        <a href={editHref} className={buttonVariants({ variant: 'secondary', size: 'xs' })} aria-label={`Edit ${name}`}>Edit</a>
      ) : (
        <Button variant="secondary" size="xs" onClick={onEdit} aria-label={`Edit ${name}`}>Edit</Button>
      )}
      <Button variant="dangerOutline" size="xs" onClick={onDelete} disabled={deleting} aria-label={`Delete ${name}`}>
        {deleting ? 'Deleting...' : 'Delete'}
      </Button>
    </div>
  );
}
