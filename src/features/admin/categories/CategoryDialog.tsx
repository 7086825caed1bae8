/**
 * The Add Category and Edit Category dialogs (document 2, sections 5, 7 and 8): the category's
 * fields, its types (Save stays disabled until one is chosen) and its subcategories, saved as one
 * list in one transaction by the server.
 */
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { showToast } from '../../../components/ui/toast.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { authClient } from '../../account/store.ts';
import { AdminApiError, adminWrite, failureReason } from '../api.ts';
import { focusProblem, problemAt, problemsUnder, type FormProblem } from '../forms.ts';
import { CategoryDetails } from './CategoryDetails.tsx';
import { CategoryTypes } from './CategoryTypes.tsx';
import { CATEGORY_FORM, categoryFormOf, categoryRequest, newCategoryForm, withLoadedSubcategories, type CategoryForm, type EditCategory } from './form.ts';
import { subcategoriesOf, type AdminCategory } from './queries.ts';
import { CATEGORY_MESSAGES } from './schemas.ts';
import { SubcategoryList } from './SubcategoryList.tsx';

const TEXTS = {
  add: { title: 'Add Category', saved: 'Category added successfully', failed: 'Failed to add category' },
  edit: { title: 'Edit Category', saved: 'Category updated successfully', failed: 'Failed to update category' },
} as const;

export default function CategoryDialog({ category, onSaved, onClose }: { category: AdminCategory | null; onSaved: () => void; onClose: () => void }) {
  const mode = category ? 'edit' : 'add';
  const [form, setForm] = useState<CategoryForm>(() => (category ? categoryFormOf(category) : newCategoryForm()));
  const subcategories = useSubcategories(category, setForm);
  const [problems, setProblems] = useState<FormProblem[]>([]);
  const [saving, setSaving] = useState(false);
  const body = useRef<HTMLDivElement>(null);

  const edit: EditCategory = (change, fields) => {
    setForm((f) => ({ ...f, ...change }));
    setProblems((current) => current.filter((p) => !fields.some((f) => p.field === f || p.field.startsWith(`${f}.`))));
  };

  const show = (found: FormProblem[]) => {
    setProblems(found);
    requestAnimationFrame(() => focusProblem(body.current, CATEGORY_FORM, found));
  };

  async function save() {
    const request = categoryRequest(form, mode);
    if (!request.ok) {
      show(request.problems);
      if (problemAt(request.problems, 'id') === CATEGORY_MESSAGES.noCategorySelected) showToast(CATEGORY_MESSAGES.noCategorySelected, 'error');
      return;
    }
    setProblems([]);
    setSaving(true);
    try {
      await adminWrite('categories', request.method, request.body);
      showToast(TEXTS[mode].saved, 'success');
      onSaved();
    } catch (error) {
      showToast(`${TEXTS[mode].failed}: ${failureReason(error)}`, 'error');
      if (error instanceof AdminApiError && error.field) show([{ field: error.field, message: error.message }]);
      setSaving(false);
    }
  }

  return (
    <Dialog
      title={TEXTS[mode].title}
      size="md"
      closeOnBackdrop
      onRequestClose={() => !saving && onClose()}
      onSubmit={() => void save()}
      busy={saving}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>Cancel</Button>
          <Button type="submit" disabled={saving || form.types.length === 0 || subcategories.status === 'loading'}>{saving ? 'Saving...' : 'Save'}</Button>
        </>
      }
    >
      <div ref={body} className="space-y-8">
        {problemsUnder(problems, 'id', []).map((p) => (
          <p key={p.field} role="alert" className="rounded-lg border border-red-700/30 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">{p.message}</p>
        ))}
        <CategoryDetails form={form} edit={edit} problem={(field) => problemAt(problems, field)} />
        <CategoryTypes types={form.types} onChange={(types) => edit({ types }, ['type'])} />
        <SubcategoryList status={subcategories.status} onRetry={subcategories.retry} subcategories={form.subcategories} problems={problems} edit={edit} />
      </div>
    </Dialog>
  );
}

/**
 * Loads an edited category's subcategories into the form, once; a new category has none to load.
 * A failure says so, and the form leaves them out of the save.
 */
function useSubcategories(category: AdminCategory | null, setForm: Dispatch<SetStateAction<CategoryForm>>) {
  const { state, retry } = useLoad(category && `subcategories:${category.id}`, async () => (category ? subcategoriesOf(await authClient(), category.id) : []));
  useEffect(() => {
    if (state.status === 'ready') setForm((f) => (f.subcategoriesLoaded ? f : withLoadedSubcategories(f, state.data)));
    if (state.status === 'error') showToast('Failed to fetch subcategories', 'error');
  }, [state, setForm]);
  return { status: state.status === 'idle' ? 'ready' : state.status, retry } as const;
}
