/**
 * What the Products room may write: the bodies of /api/admin/products as zod schemas, shared by
 * the function and the product form (document 2, sections 5 and 8).
 *
 * The create schema gives every optional field its default; the update schema needs the id and
 * the form's required fields, and a left-out optional field keeps its stored value (null clears it).
 */
import { z } from 'zod';
import {
  firstProblemOf, gender, hasAtMostTwoDecimals, id, imageUrl, isHttpUrl, objectError, optionalImageUrl, optionalText, parseSeoKeywords,
  requiredText, unique, type FieldProblem,
} from '../fields.ts';

/** SEO description limit (spec: 155 characters). */
const SEO_DESCRIPTION_MAX = 155;
/** numeric(10, 2): the largest price the database stores. */
const PRICE_MAX = 99_999_999.99;

/** The spec's messages (document 2, sections 5 and 8). */
export const PRODUCT_MESSAGES = {
  noCategoryChosen: 'Please select at least one category',
  noProductId: 'No product ID provided',
} as const;

const priceSchema = z
  .number({ error: (iss) => (iss.input === undefined || iss.input === null ? 'Price is required' : 'Price must be a number') })
  .min(0, 'Price cannot be negative')
  .max(PRICE_MAX, 'Price must be less than 100,000,000')
  .refine(hasAtMostTwoDecimals, 'Price can have at most 2 decimals');

const mediaSchema = z.strictObject(
  {
    type: z.enum(['image', 'video'], { error: 'Media type must be image or video' }),
    url: imageUrl('Media URL'),
  },
  objectError('Each media entry must be an object with a type and a url', 'Unknown media field'),
);

const variantSchema = z.strictObject(
  {
    name: requiredText('Variant name', 200),
    image_url: optionalImageUrl('Variant image URL').optional(),
  },
  objectError('Each variant must be an object with a name', 'Unknown variant field'),
);

/**
 * A link's current price, typed by hand (issue 11): optional, a number above 0 with at most 2
 * decimals (no retailer gives a gift away; a 0 would stand as the lowest price of the period).
 */
function linkPriceProblem(price: unknown): string | null {
  if (price === undefined || price === null) return null;
  if (typeof price !== 'number' || !Number.isFinite(price)) return 'must be a number';
  if (price < 0) return 'cannot be negative';
  if (price === 0) return 'must be more than 0';
  if (price > PRICE_MAX) return 'must be less than 100,000,000';
  if (!hasAtMostTwoDecimals(price)) return 'can have at most 2 decimals';
  return null;
}

/** A link's URL: the retailer's page, an absolute http(s) address. */
function linkUrlProblem(url: string): string | null {
  if (url === '') return 'is required';
  return isHttpUrl(url) ? null : 'must be a web address starting with https:// or http://';
}

const LINK_TITLE_MAX = 200;

/**
 * An affiliate link. Its URL, title and price are checked with the link as a whole, so a message
 * names the link by its platform ('URL for the Amazon link must be …'; issue 13): an admin
 * told at Save, or by the server, knows which link to fix.
 */
const affiliateLinkSchema = z.strictObject(
  {
    platform: requiredText('Affiliate link platform', 60),
    title: z.string({ error: 'Affiliate link title must be text' }).trim().default(''),
    url: z.string({ error: 'Affiliate link URL must be text' }).trim().default(''),
    /** The retailer's current price, written to the price history when it differs from the latest. */
    price: z.unknown().optional(),
  },
  objectError('Each affiliate link must be an object with a platform, a title and a url', 'Unknown affiliate link field'),
).check((ctx) => {
  const { platform, title, url, price } = ctx.value;
  const problems = [
    ['url', url, linkUrlProblem(url), 'URL'],
    ['title', title, title.length > LINK_TITLE_MAX ? `must be at most ${LINK_TITLE_MAX} characters` : null, 'Title'],
    ['price', price, linkPriceProblem(price), 'Price'],
  ] as const;
  for (const [field, input, problem, label] of problems) {
    if (problem) ctx.issues.push({ code: 'custom', input, path: [field], message: `${label} for the ${platform} link ${problem}` });
  }
}).transform(({ price, ...link }) => (typeof price === 'number' ? { ...link, price } : link));

/** The problem of one affiliate link, its field named within the link ('url', 'price'), or null when it fits. */
export function affiliateLinkProblem(link: z.input<typeof affiliateLinkSchema>): FieldProblem | null {
  return firstProblemOf(affiliateLinkSchema, link);
}

const categoryIds = z
  .array(id('Category ID'), { error: PRODUCT_MESSAGES.noCategoryChosen })
  .min(1, PRODUCT_MESSAGES.noCategoryChosen)
  .transform(unique);

const subcategoryIds = z.array(id('Subcategory ID'), { error: 'Subcategories must be a list of IDs' }).transform(unique);

const seoKeywords = z
  .union([z.string(), z.array(z.string())], { error: 'SEO keywords must be a list or comma-separated text' })
  .transform(parseSeoKeywords);

const productRequired = {
  name: requiredText('Name', 200),
  description: requiredText('Description', 20_000),
  price: priceSchema,
  image_url: imageUrl('Image URL'),
  category_ids: categoryIds,
};

/** The fields a body may leave out. */
const productOptional = {
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

/** What a new product gets for each field it leaves out. */
const NEW_PRODUCT_DEFAULTS: { [K in keyof typeof productOptional]: z.output<(typeof productOptional)[K]> } = {
  subcategory_ids: [],
  media_urls: [],
  variants: [],
  affiliate_links: [],
  gender_category: 'for_both',
  tagline: null,
  seo_title: null,
  seo_description: null,
  seo_keywords: [],
};

/** Each field of `shape`, given its default when a body leaves it out. */
function withDefaults<S extends Record<string, z.ZodType>>(shape: S, defaults: { [K in keyof S]: z.output<S[K]> }): { [K in keyof S]: z.ZodDefault<S[K]> } {
  const fields = Object.keys(shape).map((key) => [key, shape[key]!.default(defaults[key] as never)]);
  return Object.fromEntries(fields) as { [K in keyof S]: z.ZodDefault<S[K]> };
}

export const productCreateSchema = z.strictObject(
  { ...productRequired, ...withDefaults(productOptional, NEW_PRODUCT_DEFAULTS) },
  objectError('The product must be a JSON object'),
);

export const productIdSchema = id('Product ID', PRODUCT_MESSAGES.noProductId);

export const productUpdateSchema = z.strictObject(
  { id: productIdSchema, ...productRequired, ...z.object(productOptional).partial().shape },
  objectError('The product must be a JSON object'),
);

/** What the product form sends (before defaults and trimming) and what the server writes. */
export type ProductCreateInput = z.input<typeof productCreateSchema>;
export type ProductCreate = z.infer<typeof productCreateSchema>;
export type ProductUpdateInput = z.input<typeof productUpdateSchema>;
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

