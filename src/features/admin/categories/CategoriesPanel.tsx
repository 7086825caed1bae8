/**
 * The Categories tab (document 2, sections 2, 5 and 8): every category, visible or hidden, with
 * its types, audience and subcategories; Add, Edit (with the subcategory list) and Delete.
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { useConfirm } from '../../../components/ui/ConfirmDialog.tsx';
import { showToast } from '../../../components/ui/toast.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { authClient } from '../../account/store.ts';
import { AdminTable, RowActions, type Column } from '../AdminTable.tsx';
import { AffectedArticles } from '../AffectedArticles.tsx';
import { adminWrite, failureReason } from '../api.ts';
import { ReadState } from '../ReadState.tsx';
import { CategoryRow } from './CategoryRow.tsx';
import { allCategories, articlesInCategory, type AdminCategory } from './queries.ts';

const CategoryDialog = lazy(() => import('./CategoryDialog.tsx'));

const COLUMNS: readonly Column[] = [
  { label: 'Name' },
  { label: 'Types' },
  { label: 'Visibility' },
  { label: 'Target Audience' },
  { label: 'Subcategories' },
  { label: 'Actions', align: 'right' },
];

/** What the list says while it is not a table. */
const LIST_TEXTS = { loading: 'Loading categories...', error: 'Error loading categories', empty: 'No categories yet.' };

export default function CategoriesPanel() {
  // The table stays (dimmed) while it reloads after a save or a delete.
  const categories = useLoad('categories', async () => allCategories(await authClient()), { keepPrevious: true });
  const [editing, setEditing] = useState<{ category: AdminCategory | null } | null>(null);
  const confirm = useConfirm();

  async function remove(category: AdminCategory) {
    const filed = await articlesInCategory(await authClient(), category.id).catch(() => null);
    const detail = filed?.length === 0 ? undefined : (
      <AffectedArticles
        articles={filed}
        lead={(count) => `${count === 1 ? 'This article is' : `These ${count} articles are`} filed under it and will have no category:`}
        unknown="Could not check which articles are filed under this category."
      />
    );
    if (!(await confirm.ask({ message: 'Are you sure you want to delete this category?', confirmLabel: 'Delete', detail }))) return;
    try {
      await adminWrite('categories', 'DELETE', { id: category.id });
      showToast('Category deleted successfully', 'success');
      categories.retry();
    } catch (error) {
      showToast(`Failed to delete category: ${failureReason(error)}`, 'error');
    }
  }

  return (
    <section aria-labelledby="categories-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="categories-heading" className="text-xl font-bold text-ink">Categories</h2>
          <p className="text-sm text-muted">Hidden categories are kept off the shop's pages; products and blogs still keep them.</p>
        </div>
        <Button onClick={() => setEditing({ category: null })}>
          <span aria-hidden="true">+</span> Add Category
        </Button>
      </div>

      <ReadState state={categories.state} {...LIST_TEXTS} onRetry={categories.retry} isEmpty={(list) => list.length === 0}>
        {(list) => (
          <AdminTable caption="Categories by name" columns={COLUMNS} minWidth="min-w-[52rem]" refreshing={categories.refreshing}>
            {list.map((category) => (
              <CategoryRow
                key={category.id}
                category={category}
                actions={<RowActions name={category.name} onEdit={() => setEditing({ category })} onDelete={() => void remove(category)} />}
              />
            ))}
          </AdminTable>
        )}
      </ReadState>

      {editing && (
        <Suspense fallback={null}>
          <CategoryDialog
            category={editing.category}
            onSaved={() => {
              setEditing(null);
              categories.retry();
            }}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      {confirm.element}
    </section>
  );
}
