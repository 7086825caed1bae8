/**
 * The Add Product and Edit Product form as data: its state, the changes the admin makes, and the
 * request it sends (document 2, sections 4, 5 and 7). Pure; the dialog only renders it.
 *
 * Problems are checked with the same schema the server uses (schemas.ts), so the form shows the
 * server's messages before sending; they are keyed by the body's field path ('price',
 * 'media_urls.1.url'), as the server names the field of a 400.
 */
import type { Gender } from '../../../lib/audience.ts';
import { newProductSeo, seoTitleAfterRename } from '../../seo/text.ts';
import type { AdminProduct } from './queries.ts';
import { parseSeoKeywords, unique } from '../fields.ts';
import { fieldId, problemAt, problemsOf, removeAt, replaceAt, type FormProblem } from '../forms.ts';
import { affiliateLinkProblem, productCreateSchema, productUpdateSchema, type ProductCreate, type ProductUpdate } from './schemas.ts';

export interface CategoryRow {
  /** '' until a category is chosen. */
  categoryId: string;
  subcategoryIds: string[];
}

export interface MediaEntry {
  type: 'image' | 'video';
  url: string;
}

export interface VariantEntry {
  name: string;
  imageUrl: string;
}

export interface AffiliateEntry {
  platform: string;
  title: string;
  url: string;
  /** The retailer's current price as typed (issue 11: written to the price history on save); blank or left out for none. */
  price?: string;
}

export interface ProductForm {
  /** null for a new product. */
  id: string | null;
  name: string;
  description: string;
  /** As typed in the number field. */
  price: string;
  imageUrl: string;
  categoryRows: CategoryRow[];
  media: MediaEntry[];
  variants: VariantEntry[];
  affiliateLinks: AffiliateEntry[];
  /** The link typed in the add row and not added yet (Save refuses to drop it unsaid). */
  linkDraft: AffiliateEntry;
  gender: Gender;
  tagline: string;
  seoTitle: string;
  seoDescription: string;
  /** Comma-separated, as typed. */
  seoKeywords: string;
  /** The SEO fields the admin has typed in: a new product's others follow its name and description. */
  seoEdited: { title: boolean; description: boolean; keywords: boolean };
}

/** What the admin can change directly. */
export type ProductFormChange = Partial<Omit<ProductForm, 'id' | 'seoEdited'>>;

/** What each section of the product dialog works with: the form, its problems, and how to change it. */
export interface ProductSectionProps {
  form: ProductForm;
  problems: readonly FormProblem[];
  edit: (change: ProductFormChange) => void;
}

/** The category and subcategories of the last product added, for the next one (spec). */
export interface LastUsedCategory {
  categoryId: string;
  subcategoryIds: string[];
}

/** Looks up a category's name, for the SEO keywords. */
export type CategoryName = (categoryId: string) => string | undefined;

/** The form's name: its controls' ids are 'product-<field path>' ('product-media_urls-1-url'). */
export const PRODUCT_FORM = 'product';

/** The id of the control for a body field path. */
export const productFieldId = (field: string): string => fieldId(PRODUCT_FORM, field);

/** A field's control id and its problem, as a Field takes them. */
export function productField(problems: readonly FormProblem[], field: string): { id: string; error: string | undefined } {
  return { id: productFieldId(field), error: problemAt(problems, field) };
}

/** A category as a choice in a select: a hidden one says so. */
export function categoryChoiceLabel(category: { name: string; visible: boolean }): string {
  return category.visible ? category.name : `${category.name} (hidden)`;
}

const EMPTY_ROW: CategoryRow = { categoryId: '', subcategoryIds: [] };
const NOT_EDITED = { title: false, description: false, keywords: false };
const ALL_EDITED = { title: true, description: true, keywords: true };

/** The add row of the affiliate links, empty. */
export const NO_LINK_DRAFT: AffiliateEntry = { platform: '', title: '', url: '' };

/** The field of the add row's URL, where a link typed and not added is named at Save. */
export const LINK_DRAFT_URL = 'link-url';

/** A blank form, pre-seeded with the last category and subcategories used (spec: after adding a product). */
export function newProductForm(lastUsed: LastUsedCategory | null, categoryName: CategoryName): ProductForm {
  const row = lastUsed ? { categoryId: lastUsed.categoryId, subcategoryIds: [...lastUsed.subcategoryIds] } : EMPTY_ROW;
  return withSeoDefaults(
    {
      id: null,
      name: '',
      description: '',
      price: '',
      imageUrl: '',
      categoryRows: [row],
      media: [],
      variants: [],
      affiliateLinks: [],
      linkDraft: NO_LINK_DRAFT,
      gender: 'for_both',
      tagline: '',
      seoTitle: '',
      seoDescription: '',
      seoKeywords: '',
      seoEdited: NOT_EDITED,
    },
    categoryName,
  );
}

/**
 * A stored product as the form: one row per category holding its subcategories. A subcategory
 * whose category is unknown stays in the first row, so saving does not drop it unseen.
 */
export function productFormOf(product: AdminProduct, categoryOfSubcategory: (subcategoryId: string) => string | undefined): ProductForm {
  const rows: CategoryRow[] = product.categoryIds.map((categoryId) => ({ categoryId, subcategoryIds: [] }));
  if (rows.length === 0) rows.push({ ...EMPTY_ROW, subcategoryIds: [] });
  for (const subcategoryId of product.subcategoryIds) {
    const owner = categoryOfSubcategory(subcategoryId);
    const row = rows.find((r) => r.categoryId === owner) ?? rows[0]!;
    row.subcategoryIds.push(subcategoryId);
  }
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    price: product.price.toFixed(2),
    imageUrl: product.imageUrl,
    categoryRows: rows,
    media: product.media.map((m) => ({ ...m })),
    variants: product.variants.map((v) => ({ name: v.name, imageUrl: v.imageUrl ?? '' })),
    affiliateLinks: product.affiliateLinks.map((a) => ({ ...a })),
    linkDraft: NO_LINK_DRAFT,
    gender: product.gender,
    tagline: product.tagline ?? '',
    seoTitle: product.seoTitle ?? '',
    seoDescription: product.seoDescription ?? '',
    seoKeywords: product.seoKeywords.join(', '),
    // An existing product's SEO texts are never rewritten behind the admin's back (spec: new products
    // only), but for a title that is just its name: it follows a rename, and the admin is told (issue 13).
    seoEdited: { ...ALL_EDITED, title: product.seoTitle?.trim() !== product.name.trim() },
  };
}

/**
 * SEO defaults (spec, new products only): title from the name, description from the first 155
 * characters of the description, keywords from the name, description and category names — for
 * each field until the admin types in it. A stored product's SEO title that is its name follows
 * it too (issue 13); its other SEO texts stay as stored.
 */
export function withSeoDefaults(form: ProductForm, categoryName: CategoryName): ProductForm {
  if (form.seoEdited.title && form.seoEdited.description && form.seoEdited.keywords) return form;
  const categories = chosenCategoryIds(form.categoryRows).flatMap((id) => categoryName(id) ?? []);
  const seo = newProductSeo({ name: form.name, description: form.description, categories });
  return {
    ...form,
    seoTitle: form.seoEdited.title ? form.seoTitle : seo.seoTitle,
    seoDescription: form.seoEdited.description ? form.seoDescription : seo.seoDescription,
    seoKeywords: form.seoEdited.keywords ? form.seoKeywords : seo.seoKeywords.join(', '),
  };
}

/** Applies the admin's change; typing in an SEO field stops its auto-fill. */
export function editProductForm(form: ProductForm, change: ProductFormChange, categoryName: CategoryName): ProductForm {
  const seoEdited = {
    title: form.seoEdited.title || change.seoTitle !== undefined,
    description: form.seoEdited.description || change.seoDescription !== undefined,
    keywords: form.seoEdited.keywords || change.seoKeywords !== undefined,
  };
  return withSeoDefaults({ ...form, ...change, seoEdited }, categoryName);
}

/** What the dialog tells the admin about the SEO title of a stored product they rename (issue 13). */
export type SeoTitleNotice =
  /** The SEO title now has the new name where it had the old one. */
  | { kind: 'updated'; seoTitle: string }
  /** The SEO title still has the old name; `suggestion` has the new one instead. */
  | { kind: 'stale'; suggestion: string };

/**
 * Renaming a stored product whose SEO title holds its old name: once the title has the new name
 * instead (it followed, or the admin took the suggestion) the admin is told so; while it still
 * holds the old one they are offered the title with the new name. A title without the old name is
 * the admin's own: nothing to say.
 */
export function seoTitleNotice(stored: ProductForm, form: ProductForm): SeoTitleNotice | null {
  if (stored.id === null || form.name.trim() === stored.name.trim()) return null;
  const renamed = seoTitleAfterRename(stored.seoTitle, stored.name, form.name);
  if (renamed === null) return null;
  if (form.seoTitle.trim() === renamed.trim()) return { kind: 'updated', seoTitle: form.seoTitle.trim() };
  const suggestion = seoTitleAfterRename(form.seoTitle, stored.name, form.name);
  return suggestion === null ? null : { kind: 'stale', suggestion };
}

/** The body's names of the form's fields where they differ ('imageUrl' is sent as 'image_url'). */
const BODY_FIELD: Partial<Record<keyof ProductFormChange, string>> = {
  imageUrl: 'image_url',
  categoryRows: 'category_ids',
  media: 'media_urls',
  affiliateLinks: 'affiliate_links',
  linkDraft: LINK_DRAFT_URL,
  gender: 'gender_category',
  seoTitle: 'seo_title',
  seoDescription: 'seo_description',
  seoKeywords: 'seo_keywords',
};

/** The problems left after a change: a field the admin changes is no longer marked wrong, nor are the entries under it. */
export function problemsAfterChange(problems: readonly FormProblem[], change: ProductFormChange): FormProblem[] {
  const changed = Object.keys(change).map((key) => BODY_FIELD[key as keyof ProductFormChange] ?? key);
  return problems.filter((p) => !changed.includes(p.field.split('.')[0]!));
}

/** Whether closing would lose anything (spec: ask before closing with unsaved changes). */
export function hasUnsavedChanges(initial: ProductForm, current: ProductForm): boolean {
  const { seoEdited: _a, linkDraft: _c, ...before } = initial;
  const { seoEdited: _b, linkDraft: draft, ...after } = current;
  // A platform left chosen in the add row is no change; a link's title or URL typed there is.
  return JSON.stringify(before) !== JSON.stringify(after) || draft.title.trim() !== '' || draft.url.trim() !== '';
}

// --- lists ---------------------------------------------------------------------------------------

/** A row's category; choosing a different one clears the row's subcategories (spec). */
export function rowsWithCategory(rows: readonly CategoryRow[], index: number, categoryId: string): CategoryRow[] {
  const row = rows[index];
  if (!row || row.categoryId === categoryId) return [...rows];
  return replaceAt(rows, index, { categoryId, subcategoryIds: [] });
}

/** Ticks or unticks one of a row's subcategories. */
export function rowsWithSubcategory(rows: readonly CategoryRow[], index: number, subcategoryId: string, chosen: boolean): CategoryRow[] {
  const row = rows[index];
  if (!row) return [...rows];
  const others = row.subcategoryIds.filter((id) => id !== subcategoryId);
  return replaceAt(rows, index, { ...row, subcategoryIds: chosen ? [...others, subcategoryId] : others });
}

export function rowsWithRowAdded(rows: readonly CategoryRow[]): CategoryRow[] {
  return [...rows, { ...EMPTY_ROW, subcategoryIds: [] }];
}

/** Removes a row; the form always keeps one to choose in. */
export function rowsWithRowRemoved(rows: readonly CategoryRow[], index: number): CategoryRow[] {
  const left = removeAt(rows, index);
  return left.length > 0 ? left : [{ ...EMPTY_ROW, subcategoryIds: [] }];
}

/** The chosen categories, each once, in row order. */
export function chosenCategoryIds(rows: readonly CategoryRow[]): string[] {
  return unique(rows.map((r) => r.categoryId).filter((id) => id !== ''));
}

/** The chosen subcategories, each once (spec: the subcategory list is de-duplicated). */
export function chosenSubcategoryIds(rows: readonly CategoryRow[]): string[] {
  return unique(rows.flatMap((r) => (r.categoryId === '' ? [] : r.subcategoryIds)));
}

/** The category and subcategories to pre-seed the next new product with: the last row with a category. */
export function lastUsedCategory(form: ProductForm): LastUsedCategory | null {
  const row = form.categoryRows.findLast((r) => r.categoryId !== '');
  return row ? { categoryId: row.categoryId, subcategoryIds: [...row.subcategoryIds] } : null;
}

/** An affiliate link as the body sends it. */
function affiliateLinkBody(link: AffiliateEntry) {
  return {
    platform: link.platform, title: link.title, url: link.url,
    // Typed text that is not a number is sent as NaN, which the schema names: 'Price for the Amazon link must be a number'.
    ...(link.price?.trim() ? { price: Number(link.price.trim()) } : {}),
  };
}

/**
 * What is wrong with one link, by the server's own rules (issue 13: a link with a bad URL is not
 * taken into the list), its field named within the link ('url', 'price'); null when it fits.
 */
export function affiliateEntryProblem(link: AffiliateEntry): FormProblem | null {
  return affiliateLinkProblem(affiliateLinkBody(link));
}

/**
 * A link typed in the add row but never added: Save would drop it without a word (issue 13), so it
 * is named there instead, and nothing is sent until it is added or its URL cleared.
 */
export function linkDraftProblem(draft: AffiliateEntry): FormProblem | null {
  if (draft.url.trim() === '') return null;
  const message = draft.platform
    ? `Press Add Link to add the ${draft.platform} link, or clear its URL, before saving`
    : 'Choose a platform and press Add Link, or clear the link URL, before saving';
  return { field: LINK_DRAFT_URL, message };
}

/** An affiliate link added from the draft (spec: ignored unless both platform and url are filled; title defaults to 'Buy on {platform}'). */
export function withAffiliateLink(links: readonly AffiliateEntry[], draft: AffiliateEntry): AffiliateEntry[] | null {
  const platform = draft.platform.trim();
  const url = draft.url.trim();
  if (!platform || !url) return null;
  const price = draft.price?.trim();
  return [...links, { platform, title: draft.title.trim() || `Buy on ${platform}`, url, ...(price ? { price } : {}) }];
}

// --- the request ---------------------------------------------------------------------------------

/** What saving sends: a new product is created (POST), a stored one replaced (PUT). */
export type ProductRequest =
  | { ok: true; method: 'POST' | 'PUT'; body: ProductCreate | ProductUpdate }
  | { ok: false; problems: FormProblem[] };

/** The body the form sends (spec: the form fields with the chosen ids, lists, keywords and, on edit, the id). */
export function productBody(form: ProductForm) {
  return {
    name: form.name,
    description: form.description,
    price: form.price.trim() === '' ? undefined : Number(form.price),
    image_url: form.imageUrl,
    category_ids: chosenCategoryIds(form.categoryRows),
    subcategory_ids: chosenSubcategoryIds(form.categoryRows),
    media_urls: form.media.map((m) => ({ type: m.type, url: m.url })),
    variants: form.variants.map((v) => ({ name: v.name, image_url: v.imageUrl })),
    affiliate_links: form.affiliateLinks.map(affiliateLinkBody),
    gender_category: form.gender,
    tagline: form.tagline,
    seo_title: form.seoTitle,
    seo_description: form.seoDescription,
    seo_keywords: parseSeoKeywords(form.seoKeywords),
    ...(form.id === null ? {} : { id: form.id }),
  };
}

/** The request to send, or the problems to show beside the fields. */
export function productRequest(form: ProductForm): ProductRequest {
  const isNew = form.id === null;
  const parsed = (isNew ? productCreateSchema : productUpdateSchema).safeParse(productBody(form));
  const draft = linkDraftProblem(form.linkDraft);
  if (!parsed.success || draft) {
    return { ok: false, problems: [...(parsed.success ? [] : problemsOf(parsed.error)), ...(draft ? [draft] : [])] };
  }
  return { ok: true, method: isNew ? 'POST' : 'PUT', body: parsed.data };
}
