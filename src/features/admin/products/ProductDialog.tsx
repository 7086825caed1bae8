/**
 * The Add Product and Edit Product dialogs (document 2, sections 4, 5 and 8): every field of a
 * product, the spec's checks before sending (the server's own schema, so the same messages), the
 * field the server names in a 400 highlighted, and a question before closing with unsaved changes.
 */
import { useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { useConfirm } from '../../../components/ui/ConfirmDialog.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { showToast } from '../../../components/ui/toast.ts';
import type { LoadState } from '../../../lib/use-load.ts';
import { AdminApiError, adminWrite, failureReason } from '../api.ts';
import { choosableCategories } from '../categories/choosable.ts';
import type { AdminCategory } from '../categories/queries.ts';
import { focusProblem, problemsUnder, type FormProblem } from '../forms.ts';
import type { AdminPlatform } from '../platforms/queries.ts';
import { AffiliateLinksSection } from './AffiliateLinksSection.tsx';
import { CategoriesSection } from './CategoriesSection.tsx';
import {
  editProductForm, hasUnsavedChanges, PRODUCT_FORM, problemsAfterChange, productRequest, seoTitleNotice, type ProductForm, type ProductFormChange,
} from './form.ts';
import { MediaSection, VariantsSection } from './ListSections.tsx';
import { DetailsSection, SearchEnginesSection } from './TextSections.tsx';

export interface ProductDialogProps {
  initial: ProductForm;
  categories: readonly AdminCategory[];
  platforms: LoadState<AdminPlatform[]>;
  /** After a successful save, with the form as it was sent. */
  onSaved: (form: ProductForm) => void;
  onClose: () => void;
}

export default function ProductDialog({ initial, categories, platforms, onSaved, onClose }: ProductDialogProps) {
  const isNew = initial.id === null;
  const [form, setForm] = useState(initial);
  const [problems, setProblems] = useState<FormProblem[]>([]);
  const [saving, setSaving] = useState(false);
  const confirm = useConfirm();
  const body = useRef<HTMLDivElement>(null);

  const names = useMemo(() => new Map(categories.map((c) => [c.id, c.name])), [categories]);
  const categoryName = (id: string) => names.get(id);
  // A category the product already has stays choosable even if it no longer takes products.
  const choosable = useMemo(() => choosableCategories(categories, 'product', initial.categoryRows.map((r) => r.categoryId)), [categories, initial]);

  const edit = (change: ProductFormChange) => {
    setForm((current) => editProductForm(current, change, categoryName));
    setProblems((current) => problemsAfterChange(current, change));
  };

  function showProblems(found: FormProblem[]) {
    setProblems(found);
    // Once they are rendered, so the first one's control exists and is marked.
    requestAnimationFrame(() => focusProblem(body.current, PRODUCT_FORM, found));
  }

  async function requestClose() {
    if (saving) return;
    if (!hasUnsavedChanges(initial, form)) return onClose();
    const leave = await confirm.ask({
      message: 'Are you sure you want to close? Unsaved changes will be lost.',
      confirmLabel: 'Discard changes',
      cancelLabel: 'Keep editing',
    });
    if (leave) onClose();
  }

  async function save() {
    const request = productRequest(form);
    if (!request.ok) return showProblems(request.problems);
    setProblems([]);
    setSaving(true);
    try {
      await adminWrite('products', request.method, request.body);
    } catch (error) {
      showToast(`${isNew ? 'Failed to add product' : 'Failed to update product'}: ${failureReason(error)}`, 'error');
      if (error instanceof AdminApiError && error.field) showProblems([{ field: error.field, message: error.message }]);
      setSaving(false);
      return;
    }
    showToast(isNew ? 'Product added successfully' : 'Product updated successfully', 'success');
    onSaved(form);
  }

  const sections = { form, problems, edit };
  return (
    <Dialog
      title={isNew ? 'Add Product' : 'Edit Product'}
      size="md"
      closeOnBackdrop
      onRequestClose={requestClose}
      onSubmit={save}
      busy={saving}
      footer={
        <>
          <Button variant="secondary" onClick={requestClose} disabled={saving}>Cancel</Button>
          <Button type="submit" disabled={saving}>{saving ? 'Saving...' : 'Save'}</Button>
        </>
      }
    >
      <div ref={body} className="space-y-8">
        <DetailsSection {...sections} seoTitleNotice={seoTitleNotice(initial, form)} />
        <CategoriesSection {...sections} choosable={choosable} categoryName={categoryName} />
        <MediaSection {...sections} />
        <VariantsSection {...sections} />
        <AffiliateLinksSection {...sections} platforms={platforms} />
        <SearchEnginesSection {...sections} />
        {problemsUnder(problems, 'id', []).map((p) => (
          <p key={p.field} role="alert" className="text-sm text-red-700">{p.message}</p>
        ))}
      </div>
      {confirm.element}
    </Dialog>
  );
}
