/**
 * What the Products room may write: the bodies of /api/admin/products as zod schemas, shared by
 * the function and the product form (document 2, sections 5 and 8).
 *
 * The create schema gives every optional field its default; the update schema needs the id and
 * the form's required fields, and a left-out optional field keeps its stored value (null clears it).
 */
import { z } from 'zod';
import {
  gender, hasAtMostTwoDecimals, id, imageUrl, isHttpUrl, objectError, optionalImageUrl, optionalText, parseSeoKeywords,
  requiredText, unique,
} from '../fields.ts';

/** SEO description limit (spec: 155 characters). */
export const SEO_DESCRIPTION_MAX = 155;
/** numeric(10, 2): the largest price the database stores. */
export const PRICE_MAX = 99_999_999.99;

/** The spec's messages (document 2, sections 5 and 8). */
export const PRODUCT_MESSAGES = {
  noCategoryChosen: 'Please select at least one category',
  noProductId: 'No product ID provided',
} as const;

export const priceSchema = z
  .number({ error: (iss) => (iss.input === undefined || iss.input === null ? 'Price is required' : 'Price must be a number') })
  .min(0, 'Price cannot be negative')
  .max(PRICE_MAX, 'Price must be less than 100,000,000')
  .refine(hasAtMostTwoDecimals, 'Price can have at most 2 decimals');


export const mediaSchema = z.strictObject(
  {
    type: z.enum(['image', 'video'], { error: 'Media type must be image or video' }),
    url: imageUrl('Media URL'),
  },
  objectError('Each media entry must be an object with a type and a url', 'Unknown media field'),
);

export const variantSchema = z.strictObject(
  {
    name: requiredText('Variant name', 200),
    image_url: optionalImageUrl('Variant image URL').optional(),
  },
  objectError('Each variant must be an object with a name', 'Unknown variant field'),
);

export const affiliateLinkSchema = z.strictObject(
  {
    platform: requiredText('Affiliate link platform', 60),
    title: z.string({ error: 'Affiliate link title must be text' }).trim().max(200, 'Affiliate link title must be at most 200 characters').default(''),
    url: z
      .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'Affiliate link URL is required' : 'Affiliate link URL must be text') })
      .trim()
      .refine(isHttpUrl, 'Affiliate link URL must be an http(s) URL'),
  },
  objectError('Each affiliate link must be an object with a platform, a title and a url', 'Unknown affiliate link field'),
);

const categoryIds = z
  .array(id('Category ID'), { error: PRODUCT_MESSAGES.noCategoryChosen })
  .min(1, PRODUCT_MESSAGES.noCategoryChosen)
  .transform(unique);

const subcategoryIds = z.array(id('Subcategory ID'), { error: 'Subcategories must be a list of IDs' }).transform(unique);

const seoKeywords = z
  .union([z.string(), z.array(z.string())], { error: 'SEO keywords must be a list or comma-separated text' })
  .transform(parseSeoKeywords);

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

const productRequired = {
  name: requiredText('Name', 200),
  description: requiredText('Description', 20_000),
  price: priceSchema,
  image_url: imageUrl('Image URL'),
  category_ids: categoryIds,
};

const product = {
  subcategory_ids: subcategoryIds,
  media_urls: z.array(mediaSchema, { error: 'Media must be a list' }),
  variants: z.array(variantSchema, { error: 'Variants must be a list' }),
  affiliate_links: z.array(affiliateLinkSchema, { error: 'Affiliate links must be a list' }),
  gender_category: gender,
  tagline: optionalText('Tagline', 200),
  seo_title: optionalText('SEO title', 200),
  seo_description: optionalText('SEO description', SEO_DESCRIPTION_MAX),
  seo_keywords: seoKeywords,
};

export const productCreateSchema = z.strictObject(
  {
    ...productRequired,
    subcategory_ids: product.subcategory_ids.default([]),
    media_urls: product.media_urls.default([]),
    variants: product.variants.default([]),
    affiliate_links: product.affiliate_links.default([]),
    gender_category: product.gender_category.default('for_both'),
    tagline: product.tagline.default(null),
    seo_title: product.seo_title.default(null),
    seo_description: product.seo_description.default(null),
    seo_keywords: product.seo_keywords.default([]),
  },
  objectError('The product must be a JSON object'),
);

export const productIdSchema = id('Product ID', PRODUCT_MESSAGES.noProductId);

export const productUpdateSchema = z.strictObject(
  {
    id: productIdSchema,
    ...productRequired,
    subcategory_ids: product.subcategory_ids.optional(),
    media_urls: product.media_urls.optional(),
    variants: product.variants.optional(),
    affiliate_links: product.affiliate_links.optional(),
    gender_category: product.gender_category.optional(),
    tagline: product.tagline.optional(),
    seo_title: product.seo_title.optional(),
    seo_description: product.seo_description.optional(),
    seo_keywords: product.seo_keywords.optional(),
  },
  objectError('The product must be a JSON object'),
);

/** What the product form sends (before defaults and trimming) and what the server writes. */
export type ProductCreateInput = z.input<typeof productCreateSchema>;
export type ProductCreate = z.infer<typeof productCreateSchema>;
export type ProductUpdateInput = z.input<typeof productUpdateSchema>;
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

