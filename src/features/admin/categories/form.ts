/**
 * The Add Category and Edit Category form as data: its state and the request it sends (document
 * 2, sections 5 and 7). Pure. The update sends the whole subcategory list and the server makes the
 * category's subcategories exactly that list in one transaction: missing ones deleted, those with
 * an id updated, new ones inserted. When the list could not be loaded it is left out, so saving
 * leaves the subcategories as they are instead of deleting them.
 */
import type { Gender } from '../../../lib/audience.ts';
import type { AdminCategory, AdminSubcategory } from './queries.ts';
import { fieldId, problemsOf, type FormProblem } from '../forms.ts';
import { CATEGORY_MESSAGES, categoryCreateSchema, categoryUpdateSchema, SHORT_DESCRIPTION_MAX, type CategoryCreate, type CategoryType, type CategoryUpdate } from './schemas.ts';

/** How the types read in the admin. */
export const TYPE_LABELS: Record<CategoryType, string> = { product: 'Product', blog: 'Blog', quiz: 'Quiz' };

/** A new category's colour (spec: default #F5F5F5). */
export const DEFAULT_CATEGORY_COLOR = '#F5F5F5';

export interface SubcategoryRow {
  /** Absent for a subcategory added in this form. */
  id?: string;
  name: string;
  description: string;
}

export interface CategoryForm {
  /** null for a new category. */
  id: string | null;
  name: string;
  description: string;
  shortDescription: string;
  imageUrl: string;
  bannerUrl: string;
  bannerSmallUrl: string;
  color: string;
  visible: boolean;
  gender: Gender;
  types: CategoryType[];
  subcategories: SubcategoryRow[];
  /** false while the subcategories are loading or after loading them failed. */
  subcategoriesLoaded: boolean;
}

/** Changes the form and clears the problems shown at `fields` (body field paths) and under them. */
export type EditCategory = (change: Partial<CategoryForm>, fields: readonly string[]) => void;

/** The form's name in its controls' ids ('category-name'), where focusProblem looks for them. */
export const CATEGORY_FORM = 'category';

/** The DOM id of the form's control for a body field path. */
export const categoryFieldId = (field: string) => fieldId(CATEGORY_FORM, field);

export function newCategoryForm(): CategoryForm {
  return {
    id: null,
    name: '',
    description: '',
    shortDescription: '',
    imageUrl: '',
    bannerUrl: '',
    bannerSmallUrl: '',
    color: DEFAULT_CATEGORY_COLOR,
    visible: true,
    gender: 'for_both',
    // None ticked: the admin chooses where the category is used, and Save waits for it (spec).
    types: [],
    subcategories: [],
    subcategoriesLoaded: true,
  };
}

/** A stored category as the form; its subcategories come separately (withLoadedSubcategories). */
export function categoryFormOf(category: AdminCategory): CategoryForm {
  return {
    id: category.id,
    name: category.name,
    description: category.description,
    shortDescription: category.shortDescription ?? '',
    imageUrl: category.imageUrl ?? '',
    bannerUrl: category.bannerUrl ?? '',
    bannerSmallUrl: category.bannerSmallUrl ?? '',
    color: category.color,
    visible: category.visible,
    gender: category.gender,
    types: [...category.types],
    subcategories: [],
    subcategoriesLoaded: false,
  };
}

export function withLoadedSubcategories(form: CategoryForm, subcategories: readonly AdminSubcategory[]): CategoryForm {
  return {
    ...form,
    subcategories: subcategories.map((s) => ({ id: s.id, name: s.name, description: s.description ?? '' })),
    subcategoriesLoaded: true,
  };
}

/** Ticks or unticks a type, keeping the spec's order product, blog, quiz. */
export function withType(types: readonly CategoryType[], type: CategoryType, chosen: boolean): CategoryType[] {
  const order: readonly CategoryType[] = ['product', 'blog', 'quiz'];
  return order.filter((t) => (t === type ? chosen : types.includes(t)));
}

/** Characters left in the short description (spec: optional, max 240). */
export function shortDescriptionRemaining(text: string): number {
  return SHORT_DESCRIPTION_MAX - text.length;
}

/** A category's subcategories in the list: the first two names and how many more ('Console & PC, Retro Gaming +2'). */
export function subcategorySummary(subcategories: readonly { name: string }[]): string {
  const shown = subcategories.slice(0, 2).map((s) => s.name).join(', ');
  return subcategories.length > 2 ? `${shown} +${subcategories.length - 2}` : shown;
}

export type CategoryRequest =
  | { ok: true; method: 'POST'; body: CategoryCreate }
  | { ok: true; method: 'PUT'; body: CategoryUpdate }
  | { ok: false; problems: FormProblem[] };

/** The body the form sends (spec: the fields, the types and the subcategories as a list). */
export function categoryBody(form: CategoryForm) {
  return {
    ...(form.id === null ? {} : { id: form.id }),
    name: form.name,
    description: form.description,
    short_description: form.shortDescription,
    image_url: form.imageUrl,
    image_url_banner: form.bannerUrl,
    image_url_banner_small: form.bannerSmallUrl,
    color: form.color,
    visible: form.visible,
    gender_category: form.gender,
    type: form.types,
    ...(form.subcategoriesLoaded
      ? { subcategories: form.subcategories.map((s) => ({ ...(s.id ? { id: s.id } : {}), name: s.name, description: s.description })) }
      : {}),
  };
}

/**
 * The request to send, or the problems to show. `mode` is what the admin asked for: an update
 * needs a selected category (spec: 'No category selected').
 */
export function categoryRequest(form: CategoryForm, mode: 'add' | 'edit'): CategoryRequest {
  if (mode === 'edit' && !form.id) return { ok: false, problems: [{ field: 'id', message: CATEGORY_MESSAGES.noCategorySelected }] };
  const body = categoryBody(form);
  if (mode === 'add') {
    const parsed = categoryCreateSchema.safeParse(body);
    return parsed.success ? { ok: true, method: 'POST', body: parsed.data } : { ok: false, problems: problemsOf(parsed.error) };
  }
  const parsed = categoryUpdateSchema.safeParse(body);
  return parsed.success ? { ok: true, method: 'PUT', body: parsed.data } : { ok: false, problems: problemsOf(parsed.error) };
}
