/**
 * One page of the admin product list as a table (document 2, section 8): picture, name, price,
 * categories, the ID copy badge, and Edit and Delete.
 */
import { useEffect, useState } from 'react';
import { Badge } from '../../../components/ui/Badge.tsx';
import { FOCUS_RING } from '../../../components/ui/button.ts';
import { cn } from '../../../components/ui/cn.ts';
import { copyText } from '../../../components/ui/clipboard.ts';
import { showToast } from '../../../components/ui/toast.ts';
import { formatPrice } from '../../catalog/core/price.ts';
import { AdminTable, RowActions, type Column } from '../AdminTable.tsx';
import { COPIED_FOR_MS, copyBadgeText } from './list.ts';
import type { AdminProduct } from './queries.ts';

const COLUMNS: readonly Column[] = [
  { label: 'Image', className: 'w-20' },
  { label: 'Name' },
  { label: 'Price', align: 'right' },
  { label: 'Categories' },
  { label: 'ID' },
  { label: 'Actions', align: 'right' },
];

interface ProductActions {
  onEdit: (product: AdminProduct) => void;
  onDelete: (product: AdminProduct) => void;
}

export function ProductTable({ products, refreshing, categoryNames, ...actions }: ProductActions & {
  products: readonly AdminProduct[];
  /** A newer page is on its way: the table is dimmed. */
  refreshing: boolean;
  categoryNames: ReadonlyMap<string, string>;
}) {
  return (
    <AdminTable caption="Products, newest first" columns={COLUMNS} minWidth="min-w-[48rem]" refreshing={refreshing}>
      {products.map((product) => <ProductRow key={product.id} product={product} categoryNames={categoryNames} {...actions} />)}
    </AdminTable>
  );
}

function ProductRow({ product, categoryNames, onEdit, onDelete }: ProductActions & { product: AdminProduct; categoryNames: ReadonlyMap<string, string> }) {
  return (
    <tr className="align-middle hover:bg-gray-50/70">
      <td className="px-4 py-2.5">
        <img src={product.imageUrl} alt="" width={48} height={48} loading="lazy" className="size-12 rounded-lg border border-black/5 bg-gray-50 object-contain" />
      </td>
      <th scope="row" className="px-4 py-2.5 font-semibold text-ink">{product.name}</th>
      <td className="px-4 py-2.5 text-right tabular-nums text-ink">{formatPrice(product.price)}</td>
      <td className="px-4 py-2.5">
        <ul className="flex flex-wrap gap-1">
          {product.categoryIds.map((id) => (
            <li key={id}><Badge tone="neutral" size="sm">{categoryNames.get(id) ?? 'Unknown category'}</Badge></li>
          ))}
        </ul>
      </td>
      <td className="px-4 py-2.5"><CopyIdBadge id={product.id} /></td>
      <td className="px-4 py-2.5"><RowActions name={product.name} onEdit={() => onEdit(product)} onDelete={() => onDelete(product)} /></td>
    </tr>
  );
}

/** Copies a product's id; says 'Copied!' for 1.2 seconds (spec). */
function CopyIdBadge({ id }: { id: string }) {
  const [copiedAt, setCopiedAt] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setNow(Date.now()), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);

  async function copy() {
    if (!(await copyText(id))) return showToast('Could not copy the ID', 'error');
    const at = Date.now();
    setCopiedAt(at);
    setNow(at);
  }

  const label = copyBadgeText(id, copiedAt, now);
  const copied = label === 'Copied!';
  return (
    <button
      type="button"
      onClick={copy}
      title={id}
      aria-label={copied ? label : `Copy ${label}`}
      className={cn('rounded-md px-2 py-1 font-mono text-xs', FOCUS_RING, copied ? 'bg-emerald-100 text-emerald-800' : 'bg-gray-100 text-ink hover:bg-gray-200')}
    >
      {label}
    </button>
  );
}
