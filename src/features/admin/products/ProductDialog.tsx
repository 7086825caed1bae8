/**
 * The Add Product and Edit Product dialogs (document 2, sections 4, 5 and 8): every field of a
 * product, the spec's checks before sending (the server's own schema, so the same messages), the
 * field the server names in a 400 highlighted, and a question before closing with unsaved changes.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { showToast } from '../../../components/ui/toast.ts';
import { GENDER_LABELS, GENDERS, type Gender } from '../../../lib/audience.ts';
import { seoDescriptionRemaining } from '../../seo/text.ts';
import { authClient } from '../../account/store.ts';
import { AdminApiError, adminWrite, failureReason } from '../api.ts';
import {
  BUTTON, FieldLabel, FieldProblem, focusProblem, FormDialog, FormSection, INPUT, invalidProps, LABEL, problemAt, problemsUnder,
  TextField, useConfirm, type Loadable, type TextFieldProps,
} from '../catalogue-ui.tsx';
import { subcategoriesOf, type AdminCategory, type AdminSubcategory } from '../categories/queries.ts';
import { type AdminPlatform } from '../platforms/queries.ts';
import {
  editProductForm, hasUnsavedChanges, productRequest, rowsWithCategory, rowsWithRowAdded,
  rowsWithRowRemoved, rowsWithSubcategory, withAffiliateLink, type AffiliateEntry, type ProductForm,
  type ProductFormChange,
} from './form.ts';
import { removeAt, replaceAt, type FormProblem } from '../forms.ts';
import { choosableCategories } from '../categories/choosable.ts';

const FORM = 'product';
const CLOSE_QUESTION = 'Are you sure you want to close? Unsaved changes will be lost.';

export interface ProductDialogProps {
  initial: ProductForm;
  categories: readonly AdminCategory[];
  platforms: Loadable<AdminPlatform[]>;
  /** After a successful save, with the form as it was sent. */
  onSaved: (form: ProductForm) => void;
  onClose: () => void;
}

/** Each chosen category's subcategories, read when first chosen; a failed read is only logged (spec). */
function useSubcategoryOptions(categoryIds: readonly string[]): Record<string, AdminSubcategory[] | undefined> {
  const [options, setOptions] = useState<Record<string, AdminSubcategory[] | undefined>>({});
  const asked = useRef(new Set<string>());
  useEffect(() => {
    for (const id of categoryIds) {
      if (!id || asked.current.has(id)) continue;
      asked.current.add(id);
      authClient()
        .then((db) => subcategoriesOf(db, id))
        .then(
          (subcategories) => setOptions((current) => ({ ...current, [id]: subcategories })),
          (error: unknown) => {
            console.error('Failed to fetch subcategories', error);
            setOptions((current) => ({ ...current, [id]: [] }));
          },
        );
    }
  }, [categoryIds]);
  return options;
}

export default function ProductDialog({ initial, categories, platforms, onSaved, onClose }: ProductDialogProps) {
  const isNew = initial.id === null;
  const [form, setForm] = useState(initial);
  const [problems, setProblems] = useState<FormProblem[]>([]);
  const [saving, setSaving] = useState(false);
  const [draft, setDraft] = useState<AffiliateEntry>({ platform: '', title: '', url: '' });
  const [draftHint, setDraftHint] = useState(false);
  const confirm = useConfirm();
  const body = useRef<HTMLDivElement>(null);

  const names = useMemo(() => new Map(categories.map((c) => [c.id, c.name])), [categories]);
  const categoryName = (id: string) => names.get(id);
  const rowCategoryIds = useMemo(() => form.categoryRows.map((r) => r.categoryId), [form.categoryRows]);
  const subcategoryOptions = useSubcategoryOptions(rowCategoryIds);

  const choosable = choosableCategories(categories, 'product', initial.categoryRows.map((r) => r.categoryId));

  const edit = (change: ProductFormChange) => {
    setForm((current) => editProductForm(current, change, categoryName));
    // A field the admin changes is no longer marked wrong.
    const fields = Object.keys(change);
    setProblems((current) => current.filter((p) => !fields.some((f) => fieldOfChange(f) === p.field.split('.')[0])));
  };

  async function requestClose() {
    if (saving) return;
    if (!hasUnsavedChanges(initial, form)) return onClose();
    const leave = await confirm.ask({ message: CLOSE_QUESTION, confirmLabel: 'Discard changes', cancelLabel: 'Keep editing', danger: true });
    if (leave) onClose();
  }

  async function save() {
    const request = productRequest(form);
    if (!request.ok) {
      setProblems(request.problems);
      requestAnimationFrame(() => focusProblem(body.current, FORM, request.problems));
      return;
    }
    setProblems([]);
    setSaving(true);
    try {
      await adminWrite('products', request.method, request.body);
      showToast(isNew ? 'Product added successfully' : 'Product updated successfully', 'success');
      onSaved(form);
    } catch (error) {
      showToast(`${isNew ? 'Failed to add product' : 'Failed to update product'}: ${failureReason(error)}`, 'error');
      if (error instanceof AdminApiError && error.field) {
        const named = [{ field: error.field, message: error.message }];
        setProblems(named);
        requestAnimationFrame(() => focusProblem(body.current, FORM, named));
      }
      setSaving(false);
    }
  }

  const problem = (field: string) => problemAt(problems, field);
  const text = (field: string, label: string, value: string, onChange: (value: string) => void, options: Omit<TextFieldProps, 'form' | 'field' | 'label' | 'value' | 'onChange' | 'problem'> = {}) => (
    <TextField form={FORM} field={field} label={label} value={value} onChange={onChange} problem={problem(field)} {...options} />
  );

  const seoLeft = seoDescriptionRemaining(form.seoDescription);

  return (
    <FormDialog
      title={isNew ? 'Add Product' : 'Edit Product'}
      onRequestClose={requestClose}
      onSubmit={save}
      busy={saving}
      footer={
        <>
          <button type="button" onClick={requestClose} disabled={saving} className={BUTTON.secondary}>Cancel</button>
          <button type="submit" disabled={saving} className={BUTTON.primary}>{saving ? 'Saving...' : 'Save'}</button>
        </>
      }
    >
      <div ref={body} className="space-y-8">
        <FormSection title="Product">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">{text('name', 'Name', form.name, (name) => edit({ name }), { required: true })}</div>
            <div className="sm:col-span-2">
              <FieldLabel htmlFor={`${FORM}-description`} required>Description</FieldLabel>
              <textarea
                id={`${FORM}-description`}
                required
                rows={4}
                value={form.description}
                onChange={(e) => edit({ description: e.target.value })}
                className={INPUT}
                {...invalidProps(FORM, 'description', problem('description'))}
              />
              <FieldProblem form={FORM} field="description" message={problem('description')} />
            </div>
            <div>
              <FieldLabel htmlFor={`${FORM}-price`} required>Price (USD)</FieldLabel>
              <input
                id={`${FORM}-price`}
                type="number"
                inputMode="decimal"
                step="0.01"
                min="0"
                required
                value={form.price}
                onChange={(e) => edit({ price: e.target.value })}
                className={INPUT}
                {...invalidProps(FORM, 'price', problem('price'))}
              />
              <FieldProblem form={FORM} field="price" message={problem('price')} />
            </div>
            <div>
              <label htmlFor={`${FORM}-gender_category`} className={LABEL}>Target Audience</label>
              <select id={`${FORM}-gender_category`} value={form.gender} onChange={(e) => edit({ gender: e.target.value as Gender })} className={INPUT}>
                {GENDERS.map((g) => <option key={g} value={g}>{GENDER_LABELS[g]}</option>)}
              </select>
            </div>
            <div className="sm:col-span-2">
              <div className="flex items-start gap-3">
                <div className="min-w-0 flex-1">
                  {text('image_url', 'Image URL', form.imageUrl, (imageUrl) => edit({ imageUrl }), { type: 'url', required: true, placeholder: 'https://… or /media/…', hint: 'The main picture: an http(s) address or a path on this site.' })}
                </div>
                <Preview url={form.imageUrl} />
              </div>
            </div>
            <div className="sm:col-span-2">{text('tagline', 'Tagline', form.tagline, (tagline) => edit({ tagline }))}</div>
          </div>
        </FormSection>

        {/* The section takes the subcategories' field id: a subcategory problem focuses it. */}
        <FormSection title="Categories" id={`${FORM}-subcategory_ids`} description="Choose a category and, if you like, some of its subcategories. Add rows for more categories.">
          {problem('category_ids') && (
            <p role="alert" className="rounded-lg border border-red-700/30 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              {problem('category_ids')}
            </p>
          )}
          {problemsUnder(problems, 'subcategory_ids', []).map((p) => (
            <p key={p.field} className="text-sm text-red-700">{p.message}</p>
          ))}
          <ul className="space-y-3">
            {form.categoryRows.map((row, index) => {
              const label = form.categoryRows.length > 1 ? `Category ${index + 1}` : 'Category';
              const options = row.categoryId ? subcategoryOptions[row.categoryId] : undefined;
              // The first row's select is where a missing category is reported.
              const selectId = index === 0 ? `${FORM}-category_ids` : `${FORM}-category-${index}`;
              return (
                <li key={index} className="rounded-xl border border-black/10 bg-gray-50/60 p-3">
                  <div className="flex items-end gap-2">
                    <div className="min-w-0 flex-1">
                      <label htmlFor={selectId} className={LABEL}>{label}</label>
                      <select
                        id={selectId}
                        value={row.categoryId}
                        onChange={(e) => edit({ categoryRows: rowsWithCategory(form.categoryRows, index, e.target.value) })}
                        className={INPUT}
                        aria-invalid={problem('category_ids') ? true : undefined}
                      >
                        <option value="">Choose a category</option>
                        {choosable.map((c) => <option key={c.id} value={c.id}>{c.visible ? c.name : `${c.name} (hidden)`}</option>)}
                      </select>
                    </div>
                    <button type="button" onClick={() => edit({ categoryRows: rowsWithRowRemoved(form.categoryRows, index) })} className={BUTTON.smallDanger} aria-label={`Remove ${label.toLowerCase()}`}>
                      Remove
                    </button>
                  </div>
                  {row.categoryId && (
                    <fieldset className="mt-3">
                      <legend className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-muted">Subcategories of {categoryName(row.categoryId) ?? 'this category'}</legend>
                      {options === undefined ? (
                        <p className="text-sm text-muted">Loading subcategories...</p>
                      ) : options.length === 0 ? (
                        <p className="text-sm text-muted">No subcategories.</p>
                      ) : (
                        <div className="flex flex-wrap gap-2">
                          {options.map((s) => {
                            const checked = row.subcategoryIds.includes(s.id);
                            return (
                              <label key={s.id} className={`inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm ${checked ? 'border-brand-600 bg-brand-50 text-brand-700' : 'border-black/15 bg-white text-ink'}`}>
                                <input
                                  type="checkbox"
                                  checked={checked}
                                  onChange={(e) => edit({ categoryRows: rowsWithSubcategory(form.categoryRows, index, s.id, e.target.checked) })}
                                  className="size-4 accent-brand-600"
                                />
                                {s.name}
                              </label>
                            );
                          })}
                        </div>
                      )}
                    </fieldset>
                  )}
                </li>
              );
            })}
          </ul>
          <button type="button" onClick={() => edit({ categoryRows: rowsWithRowAdded(form.categoryRows) })} className={BUTTON.small}>
            + Add another category
          </button>
        </FormSection>

        <FormSection title="Media" id={`${FORM}-media_urls`} description="More pictures or videos for the gallery, after the main image.">
          {problemsUnder(problems, 'media_urls', form.media.flatMap((_, i) => [`media_urls.${i}.url`, `media_urls.${i}.type`])).map((p) => (
            <p key={p.field} className="text-sm text-red-700">{p.message}</p>
          ))}
          {form.media.length > 0 && (
            <ul className="space-y-2">
              <li aria-hidden="true" className="hidden gap-2 text-xs font-semibold text-muted sm:grid sm:grid-cols-[1fr_8rem_4.5rem]">
                <span>URL</span><span>Type</span>
              </li>
              {form.media.map((entry, index) => (
                <li key={index} className="grid items-start gap-2 sm:grid-cols-[1fr_8rem_4.5rem]">
                  <div className="min-w-0">
                    <label htmlFor={`${FORM}-media_urls-${index}-url`} className="sr-only">Media URL {index + 1}</label>
                    <input
                      id={`${FORM}-media_urls-${index}-url`}
                      type="url"
                      placeholder="Media URL"
                      value={entry.url}
                      onChange={(e) => edit({ media: replaceAt(form.media, index, { ...entry, url: e.target.value }) })}
                      className={INPUT}
                      {...invalidProps(FORM, `media_urls.${index}.url`, problem(`media_urls.${index}.url`))}
                    />
                    <FieldProblem form={FORM} field={`media_urls.${index}.url`} message={problem(`media_urls.${index}.url`)} />
                  </div>
                  <div>
                    <label htmlFor={`${FORM}-media_urls-${index}-type`} className="sr-only">Media type {index + 1}</label>
                    <select
                      id={`${FORM}-media_urls-${index}-type`}
                      value={entry.type}
                      onChange={(e) => edit({ media: replaceAt(form.media, index, { ...entry, type: e.target.value === 'video' ? 'video' : 'image' }) })}
                      className={INPUT}
                    >
                      <option value="image">Image</option>
                      <option value="video">Video</option>
                    </select>
                  </div>
                  <button type="button" onClick={() => edit({ media: removeAt(form.media, index) })} className={`${BUTTON.smallDanger} mt-1.5`} aria-label={`Remove media ${index + 1}`}>
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
          <button type="button" onClick={() => edit({ media: [...form.media, { type: 'image', url: '' }] })} className={BUTTON.small}>
            + Add Media
          </button>
        </FormSection>

        <FormSection title="Variants" id={`${FORM}-variants`} description="Colours or styles, each with its own picture.">
          {problemsUnder(problems, 'variants', form.variants.flatMap((_, i) => [`variants.${i}.name`, `variants.${i}.image_url`])).map((p) => (
            <p key={p.field} className="text-sm text-red-700">{p.message}</p>
          ))}
          {form.variants.length > 0 && (
            <ul className="space-y-2">
              <li aria-hidden="true" className="hidden gap-2 text-xs font-semibold text-muted sm:grid sm:grid-cols-[1fr_2fr_4.5rem]">
                <span>Name</span><span>Image URL</span>
              </li>
              {form.variants.map((variant, index) => (
                <li key={index} className="grid items-start gap-2 sm:grid-cols-[1fr_2fr_4.5rem]">
                  <div>
                    <label htmlFor={`${FORM}-variants-${index}-name`} className="sr-only">Variant name {index + 1}</label>
                    <input
                      id={`${FORM}-variants-${index}-name`}
                      placeholder="Variant name"
                      value={variant.name}
                      onChange={(e) => edit({ variants: replaceAt(form.variants, index, { ...variant, name: e.target.value }) })}
                      className={INPUT}
                      {...invalidProps(FORM, `variants.${index}.name`, problem(`variants.${index}.name`))}
                    />
                    <FieldProblem form={FORM} field={`variants.${index}.name`} message={problem(`variants.${index}.name`)} />
                  </div>
                  <div>
                    <label htmlFor={`${FORM}-variants-${index}-image_url`} className="sr-only">Variant image URL {index + 1}</label>
                    <input
                      id={`${FORM}-variants-${index}-image_url`}
                      type="url"
                      placeholder="Variant image URL"
                      value={variant.imageUrl}
                      onChange={(e) => edit({ variants: replaceAt(form.variants, index, { ...variant, imageUrl: e.target.value }) })}
                      className={INPUT}
                      {...invalidProps(FORM, `variants.${index}.image_url`, problem(`variants.${index}.image_url`))}
                    />
                    <FieldProblem form={FORM} field={`variants.${index}.image_url`} message={problem(`variants.${index}.image_url`)} />
                  </div>
                  <button type="button" onClick={() => edit({ variants: removeAt(form.variants, index) })} className={`${BUTTON.smallDanger} mt-1.5`} aria-label={`Remove variant ${index + 1}`}>
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
          <button type="button" onClick={() => edit({ variants: [...form.variants, { name: '', imageUrl: '' }] })} className={BUTTON.small}>
            + Add Variant
          </button>
        </FormSection>

        <FormSection title="Affiliate links" id={`${FORM}-affiliate_links`} description="Where shoppers can buy it. Each link opens the retailer's page.">
          {problemsUnder(problems, 'affiliate_links', []).map((p) => (
            <p key={p.field} className="text-sm text-red-700">{p.message}</p>
          ))}
          {form.affiliateLinks.length > 0 && (
            <ul className="divide-y divide-black/5 rounded-xl border border-black/10">
              {form.affiliateLinks.map((link, index) => (
                <li key={index} className="flex items-center gap-3 px-3 py-2 text-sm">
                  <span className="shrink-0 rounded-full bg-ink px-2.5 py-0.5 text-xs font-semibold text-white">{link.platform}</span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium text-ink">{link.title}</span>
                    <span className="block truncate text-xs text-muted">{link.url}</span>
                  </span>
                  <button type="button" onClick={() => edit({ affiliateLinks: removeAt(form.affiliateLinks, index) })} className={BUTTON.smallDanger} aria-label={`Remove link ${link.title}`}>
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
          {platforms.status === 'error' ? (
            <p className="text-sm text-red-700">Error loading platforms</p>
          ) : (
            <div className="grid items-end gap-2 rounded-xl border border-dashed border-black/15 p-3 sm:grid-cols-[10rem_1fr_1.5fr_auto]">
              <div>
                <label htmlFor={`${FORM}-link-platform`} className={LABEL}>Platform</label>
                <select id={`${FORM}-link-platform`} value={draft.platform} onChange={(e) => setDraft({ ...draft, platform: e.target.value })} className={INPUT}>
                  <option value="">{platforms.status === 'loading' ? 'Loading...' : 'Choose'}</option>
                  {platforms.status === 'ready' && platforms.data.map((p) => <option key={p.id} value={p.name}>{p.name}</option>)}
                </select>
              </div>
              <div>
                <label htmlFor={`${FORM}-link-title`} className={LABEL}>Link title</label>
                <input id={`${FORM}-link-title`} value={draft.title} placeholder={draft.platform ? `Buy on ${draft.platform}` : 'Buy on …'} onChange={(e) => setDraft({ ...draft, title: e.target.value })} className={INPUT} />
              </div>
              <div>
                <label htmlFor={`${FORM}-link-url`} className={LABEL}>Link URL</label>
                <input id={`${FORM}-link-url`} type="url" value={draft.url} placeholder="https://" onChange={(e) => setDraft({ ...draft, url: e.target.value })} className={INPUT} />
              </div>
              <button
                type="button"
                className={`${BUTTON.small} h-[38px]`}
                onClick={() => {
                  const links = withAffiliateLink(form.affiliateLinks, draft);
                  setDraftHint(links === null);
                  if (!links) return;
                  edit({ affiliateLinks: links });
                  setDraft({ platform: draft.platform, title: '', url: '' });
                }}
              >
                Add Link
              </button>
              {draftHint && <p className="text-xs text-muted sm:col-span-4">Choose a platform and enter the link's URL to add it.</p>}
            </div>
          )}
        </FormSection>

        <FormSection title="Search engines" description={isNew ? 'Filled in from the name, description and categories until you change them.' : undefined}>
          {text('seo_title', 'SEO Title', form.seoTitle, (seoTitle) => edit({ seoTitle }))}
          <div>
            <label htmlFor={`${FORM}-seo_description`} className={LABEL}>SEO Description</label>
            <textarea
              id={`${FORM}-seo_description`}
              rows={3}
              value={form.seoDescription}
              onChange={(e) => edit({ seoDescription: e.target.value })}
              className={INPUT}
              aria-invalid={problem('seo_description') || seoLeft < 0 ? true : undefined}
              aria-describedby={`${FORM}-seo_description-count${problem('seo_description') ? ` ${FORM}-seo_description-problem` : ''}`}
            />
            <p id={`${FORM}-seo_description-count`} className={`mt-1 text-xs ${seoLeft < 0 ? 'font-semibold text-red-700' : 'text-muted'}`}>
              {seoLeft >= 0 ? `${seoLeft} characters remaining` : `${-seoLeft} characters over the limit of 155`}
            </p>
            <FieldProblem form={FORM} field="seo_description" message={problem('seo_description')} />
          </div>
          {text('seo_keywords', 'SEO Keywords', form.seoKeywords, (seoKeywords) => edit({ seoKeywords }), { hint: 'Comma-separated, e.g. lamp, desk, reading light' })}
        </FormSection>

        {problemsUnder(problems, 'id', []).map((p) => (
          <p key={p.field} role="alert" className="text-sm text-red-700">{p.message}</p>
        ))}
      </div>
      {confirm.element}
    </FormDialog>
  );
}

/** The form field a change touches, as the body names it. */
function fieldOfChange(key: string): string {
  const map: Record<string, string> = {
    imageUrl: 'image_url',
    categoryRows: 'category_ids',
    media: 'media_urls',
    affiliateLinks: 'affiliate_links',
    gender: 'gender_category',
    seoTitle: 'seo_title',
    seoDescription: 'seo_description',
    seoKeywords: 'seo_keywords',
  };
  return map[key] ?? key;
}

function Preview({ url }: { url: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  const usable = /^(https?:\/\/|\/(?!\/))\S+$/.test(url.trim());
  if (!usable || broken === url) {
    return <span className="mt-6 grid size-16 shrink-0 place-items-center rounded-lg border border-dashed border-black/15 text-[10px] text-muted" aria-hidden="true">No image</span>;
  }
  return <img src={url.trim()} alt="" width={64} height={64} onError={() => setBroken(url)} className="mt-6 size-16 shrink-0 rounded-lg border border-black/10 bg-white object-contain" />;
}
