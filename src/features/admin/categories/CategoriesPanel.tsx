/**
 * The Categories tab (document 2, sections 2, 5 and 8): every category, visible or hidden, with
 * its types, audience and subcategories; Add, Edit (with the subcategory list) and Delete.
 */
import { lazy, Suspense, useState } from 'react';
import { showToast } from '../../../components/ui/toast.ts';
import { GENDER_LABELS } from '../../../lib/audience.ts';
import { authClient } from '../../account/store.ts';
import { adminWrite, failureReason } from '../api.ts';
import { BUTTON, useConfirm, useLoad } from '../catalogue-ui.tsx';
import { allCategories, type AdminCategory } from './queries.ts';
import { TYPE_LABELS } from './form.ts';
import type { CategoryType } from './schemas.ts';

const CategoryDialog = lazy(() => import('./CategoryDialog.tsx'));

const TYPE_STYLES: Record<CategoryType, string> = {
  product: 'bg-sky-100 text-sky-900',
  blog: 'bg-violet-100 text-violet-900',
  quiz: 'bg-amber-100 text-amber-900',
};

export default function CategoriesPanel() {
  const [categories, reload] = useLoad(async () => allCategories(await authClient()), 'categories');
  const [editing, setEditing] = useState<{ category: AdminCategory | null } | null>(null);
  const confirm = useConfirm();

  async function remove(category: AdminCategory) {
    const ok = await confirm.ask({ message: 'Are you sure you want to delete this category?', confirmLabel: 'Delete', danger: true });
    if (!ok) return;
    try {
      await adminWrite('categories', 'DELETE', { id: category.id });
      showToast('Category deleted successfully', 'success');
      reload();
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
        <button type="button" onClick={() => setEditing({ category: null })} className={BUTTON.primary}>
          <span aria-hidden="true">+</span> Add Category
        </button>
      </div>

      {categories.status === 'loading' && <p role="status" className="rounded-2xl border border-black/10 bg-white p-8 text-center text-muted">Loading categories...</p>}
      {categories.status === 'error' && (
        <div role="alert" className="rounded-2xl border border-red-700/20 bg-red-50 p-6 text-center">
          <p className="font-semibold text-red-800">Error loading categories</p>
          <button type="button" onClick={reload} className={`${BUTTON.secondary} mt-3`}>Retry</button>
        </div>
      )}
      {categories.status === 'ready' && (
        categories.data.length === 0 ? (
          <p className="rounded-2xl border border-black/10 bg-white p-8 text-center text-muted">No categories yet.</p>
        ) : (
          <div className={`overflow-x-auto rounded-2xl border border-black/10 bg-white ${categories.refreshing ? 'opacity-60' : ''}`} aria-busy={categories.refreshing || undefined}>
            <table className="w-full min-w-[52rem] text-left text-sm">
              <caption className="sr-only">Categories by name</caption>
              <thead className="border-b border-black/10 bg-gray-50 text-xs uppercase tracking-wide text-muted">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">Name</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Types</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Visibility</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Target Audience</th>
                  <th scope="col" className="px-4 py-3 font-semibold">Subcategories</th>
                  <th scope="col" className="px-4 py-3 text-right font-semibold">Actions</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-black/5">
                {categories.data.map((category) => (
                  <tr key={category.id} className="align-middle hover:bg-gray-50/70">
                    <th scope="row" className="px-4 py-2.5 font-semibold text-ink">
                      <span className="flex items-center gap-2.5">
                        <span className="size-4 shrink-0 rounded-full border border-black/10" style={{ background: category.color }} aria-hidden="true" />
                        {category.name}
                      </span>
                    </th>
                    <td className="px-4 py-2.5">
                      <ul className="flex flex-wrap gap-1" aria-label="Types">
                        {category.types.map((type) => (
                          <li key={type} className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TYPE_STYLES[type]}`}>{TYPE_LABELS[type]}</li>
                        ))}
                      </ul>
                    </td>
                    <td className="px-4 py-2.5">
                      {category.visible
                        ? <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">Visible</span>
                        : <span className="rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-800">Hidden</span>}
                    </td>
                    <td className="px-4 py-2.5 text-ink">{GENDER_LABELS[category.gender]}</td>
                    <td className="max-w-xs px-4 py-2.5 text-muted">
                      {category.subcategories.length === 0 ? 'None' : <span title={category.subcategories.map((s) => s.name).join(', ')}>{summary(category)}</span>}
                    </td>
                    <td className="px-4 py-2.5">
                      <div className="flex justify-end gap-2">
                        <button type="button" onClick={() => setEditing({ category })} className={BUTTON.small} aria-label={`Edit ${category.name}`}>Edit</button>
                        <button type="button" onClick={() => remove(category)} className={BUTTON.smallDanger} aria-label={`Delete ${category.name}`}>Delete</button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      )}

      {editing && (
        <Suspense fallback={null}>
          <CategoryDialog
            category={editing.category}
            onSaved={() => {
              setEditing(null);
              reload();
            }}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
      {confirm.element}
    </section>
  );
}

/** 'Console & PC, Retro Gaming +2'. */
function summary(category: AdminCategory): string {
  const names = category.subcategories.map((s) => s.name);
  const shown = names.slice(0, 2).join(', ');
  return names.length > 2 ? `${shown} +${names.length - 2}` : shown;
}
