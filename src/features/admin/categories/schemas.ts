/**
 * What the Categories room may write: the bodies of /api/admin/categories as zod schemas, shared
 * by the function and the category form (document 2, sections 5 and 8). Without `subcategories`
 * an update leaves them as they are; an empty list deletes them all.
 */
import { z } from 'zod';
import { booleanField, gender, id, objectError, optionalImageUrl, optionalText, requiredText, unique } from '../fields.ts';

/** Category short description limit (spec: 240 characters). */
export const SHORT_DESCRIPTION_MAX = 240;
/** The category types (spec: only product, blog and quiz are kept). */
export const CATEGORY_TYPES = ['product', 'blog', 'quiz'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

/** The spec's messages (document 2, sections 5 and 8). */
export const CATEGORY_MESSAGES = {
  noType: 'At least one type must be selected',
  noCategorySelected: 'No category selected',
} as const;

export const subcategorySchema = z.strictObject(
  {
    id: id('Subcategory ID').optional(),
    name: requiredText('Subcategory name', 120),
    description: optionalText('Subcategory description', 2000).optional().transform((v) => v ?? null),
    gender_category: gender.optional(),
  },
  objectError('Each subcategory must be an object with a name', 'Unknown subcategory field'),
);

const subcategoryList = z
  .array(subcategorySchema, { error: 'Subcategories must be a list' })
  .superRefine((subs, ctx) => {
    const names = new Set<string>();
    const ids = new Set<string>();
    subs.forEach((sub, i) => {
      const key = sub.name.toLowerCase();
      if (names.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `Two subcategories are named ${sub.name}` });
      names.add(key);
      if (sub.id === undefined) return;
      if (ids.has(sub.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `Subcategory ${sub.id} is listed twice` });
      ids.add(sub.id);
    });
  });

const categoryTypes = z
  .array(z.enum(CATEGORY_TYPES, { error: 'Types can only be product, blog or quiz' }), { error: CATEGORY_MESSAGES.noType })
  .min(1, CATEGORY_MESSAGES.noType)
  .transform(unique);

const categoryRequired = {
  name: requiredText('Name', 120),
  type: categoryTypes,
};

const category = {
  description: z.string({ error: 'Description must be text' }).trim().max(2000, 'Description must be at most 2000 characters'),
  short_description: optionalText('Short description', SHORT_DESCRIPTION_MAX),
  image_url: optionalImageUrl('Image URL'),
  image_url_banner: optionalImageUrl('Banner image URL'),
  image_url_banner_small: optionalImageUrl('Small banner image URL'),
  color: z.string({ error: 'Color must be text' }).regex(/^#[0-9A-Fa-f]{6}$/, 'Color must be a hex color such as #F5F5F5'),
  visible: booleanField('Visible'),
  gender_category: gender,
  subcategories: subcategoryList,
};

export const categoryCreateSchema = z.strictObject(
  {
    ...categoryRequired,
    description: category.description.default(''),
    short_description: category.short_description.default(null),
    image_url: category.image_url.default(null),
    image_url_banner: category.image_url_banner.default(null),
    image_url_banner_small: category.image_url_banner_small.default(null),
    color: category.color.default('#F5F5F5'),
    visible: category.visible.default(true),
    gender_category: category.gender_category.default('for_both'),
    subcategories: category.subcategories.default([]),
  },
  objectError('The category must be a JSON object'),
);

export const categoryIdSchema = id('Category ID', CATEGORY_MESSAGES.noCategorySelected);

/** Without `subcategories` an update leaves them as they are; an empty list deletes them all. */
export const categoryUpdateSchema = z.strictObject(
  {
    id: categoryIdSchema,
    ...categoryRequired,
    description: category.description.optional(),
    short_description: category.short_description.optional(),
    image_url: category.image_url.optional(),
    image_url_banner: category.image_url_banner.optional(),
    image_url_banner_small: category.image_url_banner_small.optional(),
    color: category.color.optional(),
    visible: category.visible.optional(),
    gender_category: category.gender_category.optional(),
    subcategories: category.subcategories.optional(),
  },
  objectError('The category must be a JSON object'),
);

export type SubcategoryInput = z.input<typeof subcategorySchema>;
export type CategoryCreateInput = z.input<typeof categoryCreateSchema>;
export type CategoryCreate = z.infer<typeof categoryCreateSchema>;
export type CategoryUpdateInput = z.input<typeof categoryUpdateSchema>;
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

