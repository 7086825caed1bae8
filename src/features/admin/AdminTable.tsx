/**
 * The admin rooms' list tables: a bordered, horizontally scrolling table with a screen-reader
 * caption and the column headings, dimmed while a newer answer loads; and the Edit and Delete
 * buttons of a row, named after the row's item.
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
      <table className={cn('w-full text-left text-sm', minWidth)}>
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
