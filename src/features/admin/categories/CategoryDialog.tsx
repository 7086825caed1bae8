/**
 * The Add Category and Edit Category dialogs (document 2, sections 5, 7 and 8): the category's
 * fields, its types (Save stays disabled until one is chosen) and its subcategories, saved as one
 * list in one transaction by the server.
 */
import { useEffect, useRef, useState } from 'react';
import { showToast } from '../../../components/ui/toast.ts';
import { GENDER_LABELS, GENDERS, type Gender } from '../../../lib/audience.ts';
import { authClient } from '../../account/store.ts';
import { AdminApiError, adminWrite, failureReason } from '../api.ts';
import { BUTTON, FieldProblem, focusProblem, FormDialog, FormSection, INPUT, invalidProps, LABEL, problemAt, problemsUnder, TextField, type TextFieldProps } from '../catalogue-ui.tsx';
import { subcategoriesOf, type AdminCategory } from './queries.ts';
import {
  categoryFormOf, categoryRequest, newCategoryForm, shortDescriptionRemaining, TYPE_LABELS, withLoadedSubcategories, withType,
  type CategoryForm,
} from './form.ts';
import { removeAt, replaceAt, type FormProblem } from '../forms.ts';
import { CATEGORY_MESSAGES, CATEGORY_TYPES, SHORT_DESCRIPTION_MAX } from './schemas.ts';

const FORM = 'category';

type SubcategoryLoad = 'loading' | 'failed' | 'ready';

export default function CategoryDialog({ category, onSaved, onClose }: { category: AdminCategory | null; onSaved: () => void; onClose: () => void }) {
  const mode = category ? 'edit' : 'add';
  const [form, setForm] = useState<CategoryForm>(() => (category ? categoryFormOf(category) : newCategoryForm()));
  const [load, setLoad] = useState<SubcategoryLoad>(category ? 'loading' : 'ready');
  const [attempt, setAttempt] = useState(0);
  const [problems, setProblems] = useState<FormProblem[]>([]);
  const [saving, setSaving] = useState(false);
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!category) return;
    let current = true;
    setLoad('loading');
    authClient()
      .then((db) => subcategoriesOf(db, category.id))
      .then(
        (subcategories) => {
          if (!current) return;
          setForm((f) => withLoadedSubcategories(f, subcategories));
          setLoad('ready');
        },
        (error: unknown) => {
          if (!current) return;
          console.error(error);
          showToast('Failed to fetch subcategories', 'error');
          setLoad('failed');
        },
      );
    return () => {
      current = false;
    };
  }, [category, attempt]);

  const edit = (change: Partial<CategoryForm>, fields: string[]) => {
    setForm((f) => ({ ...f, ...change }));
    setProblems((current) => current.filter((p) => !fields.some((f) => p.field === f || p.field.startsWith(`${f}.`))));
  };

  async function save() {
    const request = categoryRequest(form, mode);
    if (!request.ok) {
      setProblems(request.problems);
      if (request.problems.some((p) => p.message === CATEGORY_MESSAGES.noCategorySelected)) showToast(CATEGORY_MESSAGES.noCategorySelected, 'error');
      requestAnimationFrame(() => focusProblem(body.current, FORM, request.problems));
      return;
    }
    setProblems([]);
    setSaving(true);
    try {
      await adminWrite('categories', request.method, request.body);
      showToast(mode === 'add' ? 'Category added successfully' : 'Category updated successfully', 'success');
      onSaved();
    } catch (error) {
      showToast(`${mode === 'add' ? 'Failed to add category' : 'Failed to update category'}: ${failureReason(error)}`, 'error');
      if (error instanceof AdminApiError && error.field) {
        const named = [{ field: error.field, message: error.message }];
        setProblems(named);
        requestAnimationFrame(() => focusProblem(body.current, FORM, named));
      }
      setSaving(false);
    }
  }

  const problem = (field: string) => problemAt(problems, field);
  const input = (field: string, label: string, value: string, onChange: (value: string) => void, options: Omit<TextFieldProps, 'form' | 'field' | 'label' | 'value' | 'onChange' | 'problem'> = {}) => (
    <TextField form={FORM} field={field} label={label} value={value} onChange={onChange} problem={problem(field)} {...options} />
  );

  const noType = form.types.length === 0;
  const shortLeft = shortDescriptionRemaining(form.shortDescription);
  const subcategoryFields = form.subcategories.flatMap((_, i) => [`subcategories.${i}.name`, `subcategories.${i}.description`]);

  return (
    <FormDialog
      title={mode === 'add' ? 'Add Category' : 'Edit Category'}
      onRequestClose={() => !saving && onClose()}
      onSubmit={save}
      busy={saving}
      footer={
        <>
          <button type="button" onClick={onClose} disabled={saving} className={BUTTON.secondary}>Cancel</button>
          <button type="submit" disabled={saving || noType || load === 'loading'} className={BUTTON.primary}>{saving ? 'Saving...' : 'Save'}</button>
        </>
      }
    >
      <div ref={body} className="space-y-8">
        {problemsUnder(problems, 'id', []).map((p) => (
          <p key={p.field} role="alert" className="rounded-lg border border-red-700/30 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">{p.message}</p>
        ))}

        <FormSection title="Category">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">{input('name', 'Name', form.name, (name) => edit({ name }, ['name']), { required: true })}</div>
            <div className="sm:col-span-2">
              <label htmlFor={`${FORM}-description`} className={LABEL}>Description</label>
              <textarea id={`${FORM}-description`} rows={3} value={form.description} onChange={(e) => edit({ description: e.target.value }, ['description'])} className={INPUT} {...invalidProps(FORM, 'description', problem('description'))} />
              <FieldProblem form={FORM} field="description" message={problem('description')} />
            </div>
            <div className="sm:col-span-2">
              <label htmlFor={`${FORM}-short_description`} className={LABEL}>Short description</label>
              <textarea
                id={`${FORM}-short_description`}
                rows={2}
                maxLength={SHORT_DESCRIPTION_MAX}
                value={form.shortDescription}
                onChange={(e) => edit({ shortDescription: e.target.value }, ['short_description'])}
                className={INPUT}
                aria-describedby={`${FORM}-short_description-count${problem('short_description') ? ` ${FORM}-short_description-problem` : ''}`}
                aria-invalid={problem('short_description') ? true : undefined}
              />
              <p id={`${FORM}-short_description-count`} className="mt-1 text-xs text-muted">{shortLeft} characters remaining (optional; shown on cards and banners)</p>
              <FieldProblem form={FORM} field="short_description" message={problem('short_description')} />
            </div>
            <div>
              <label htmlFor={`${FORM}-gender_category`} className={LABEL}>Target Audience</label>
              <select id={`${FORM}-gender_category`} value={form.gender} onChange={(e) => edit({ gender: e.target.value as Gender }, ['gender_category'])} className={INPUT}>
                {GENDERS.map((g) => <option key={g} value={g}>{GENDER_LABELS[g]}</option>)}
              </select>
            </div>
            <div className="flex items-end gap-6">
              <div>
                <label htmlFor={`${FORM}-color`} className={LABEL}>Color</label>
                <div className="flex items-center gap-2">
                  <input id={`${FORM}-color`} type="color" value={form.color.toLowerCase()} onChange={(e) => edit({ color: e.target.value.toUpperCase() }, ['color'])} className="h-10 w-14 cursor-pointer rounded-lg border border-black/15 bg-white p-1" {...invalidProps(FORM, 'color', problem('color'))} />
                  <span className="font-mono text-sm text-muted">{form.color.toUpperCase()}</span>
                </div>
                <FieldProblem form={FORM} field="color" message={problem('color')} />
              </div>
              <label className="mb-2 inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-ink">
                <input id={`${FORM}-visible`} type="checkbox" checked={form.visible} onChange={(e) => edit({ visible: e.target.checked }, ['visible'])} className="size-4 accent-brand-600" />
                Visible
              </label>
            </div>
          </div>
        </FormSection>

        <FormSection title="Pictures" description="An http(s) address or a path on this site, such as /media/…">
          <div className="grid gap-4 sm:grid-cols-3">
            {input('image_url', 'Image URL', form.imageUrl, (imageUrl) => edit({ imageUrl }, ['image_url']), { type: 'url' })}
            {input('image_url_banner', 'Banner URL', form.bannerUrl, (bannerUrl) => edit({ bannerUrl }, ['image_url_banner']), { type: 'url' })}
            {input('image_url_banner_small', 'Small banner URL', form.bannerSmallUrl, (bannerSmallUrl) => edit({ bannerSmallUrl }, ['image_url_banner_small']), { type: 'url' })}
          </div>
        </FormSection>

        <fieldset id={`${FORM}-type`} tabIndex={-1} className="space-y-2 focus:outline-none" aria-describedby={noType ? `${FORM}-type-problem` : undefined}>
          <legend className="text-sm font-bold uppercase tracking-wide text-muted">Types</legend>
          <p className="text-sm text-muted">Where the category is used: product lists, blog lists, quiz results.</p>
          <div className="flex flex-wrap gap-2">
            {CATEGORY_TYPES.map((type) => {
              const checked = form.types.includes(type);
              return (
                <label key={type} className={`inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm ${checked ? 'border-brand-600 bg-brand-50 text-brand-700' : 'border-black/15 bg-white text-ink'}`}>
                  <input type="checkbox" checked={checked} onChange={(e) => edit({ types: withType(form.types, type, e.target.checked) }, ['type'])} className="size-4 accent-brand-600" />
                  {TYPE_LABELS[type]}
                </label>
              );
            })}
          </div>
          {noType && <p id={`${FORM}-type-problem`} role="alert" className="text-sm font-medium text-red-700">{CATEGORY_MESSAGES.noType}</p>}
        </fieldset>

        <FormSection title="Subcategories" id={`${FORM}-subcategories`}>
          {load === 'loading' && <p role="status" className="text-sm text-muted">Loading subcategories...</p>}
          {load === 'failed' && (
            <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-700/20 bg-red-50 px-3 py-2 text-sm text-red-800">
              The subcategories could not be loaded; saving now leaves them as they are.
              <button type="button" onClick={() => setAttempt((n) => n + 1)} className={BUTTON.small}>Retry</button>
            </div>
          )}
          {load === 'ready' && (
            <>
              {problemsUnder(problems, 'subcategories', subcategoryFields).map((p) => (
                <p key={p.field} className="text-sm text-red-700">{p.message}</p>
              ))}
              {form.subcategories.length === 0 ? (
                <p className="text-sm text-muted">No subcategories.</p>
              ) : (
                <ul className="space-y-2">
                  <li aria-hidden="true" className="hidden gap-2 text-xs font-semibold text-muted sm:grid sm:grid-cols-[1fr_2fr_4.5rem]">
                    <span>Name *</span><span>Description (optional)</span>
                  </li>
                  {form.subcategories.map((sub, index) => (
                    <li key={sub.id ?? `new-${index}`} className="grid items-start gap-2 sm:grid-cols-[1fr_2fr_4.5rem]">
                      <div>
                        <label htmlFor={`${FORM}-subcategories-${index}-name`} className="sr-only">Subcategory name {index + 1}</label>
                        <input
                          id={`${FORM}-subcategories-${index}-name`}
                          required
                          placeholder="Name"
                          value={sub.name}
                          onChange={(e) => edit({ subcategories: replaceAt(form.subcategories, index, { ...sub, name: e.target.value }) }, [`subcategories.${index}`])}
                          className={INPUT}
                          {...invalidProps(FORM, `subcategories.${index}.name`, problem(`subcategories.${index}.name`))}
                        />
                        <FieldProblem form={FORM} field={`subcategories.${index}.name`} message={problem(`subcategories.${index}.name`)} />
                      </div>
                      <div>
                        <label htmlFor={`${FORM}-subcategories-${index}-description`} className="sr-only">Subcategory description {index + 1}</label>
                        <input
                          id={`${FORM}-subcategories-${index}-description`}
                          placeholder="Description (optional)"
                          value={sub.description}
                          onChange={(e) => edit({ subcategories: replaceAt(form.subcategories, index, { ...sub, description: e.target.value }) }, [`subcategories.${index}`])}
                          className={INPUT}
                          {...invalidProps(FORM, `subcategories.${index}.description`, problem(`subcategories.${index}.description`))}
                        />
                        <FieldProblem form={FORM} field={`subcategories.${index}.description`} message={problem(`subcategories.${index}.description`)} />
                      </div>
                      <button
                        type="button"
                        onClick={() => edit({ subcategories: removeAt(form.subcategories, index) }, ['subcategories'])}
                        className={`${BUTTON.smallDanger} mt-1.5`}
                        aria-label={`Remove subcategory ${sub.name || index + 1}`}
                      >
                        Remove
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              <button type="button" onClick={() => edit({ subcategories: [...form.subcategories, { name: '', description: '' }] }, [])} className={BUTTON.small}>
                + Add Subcategory
              </button>
            </>
          )}
        </FormSection>
      </div>
    </FormDialog>
  );
}
