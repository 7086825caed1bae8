/**
 * What the admin area may write: the bodies of the /api/admin/* functions as zod schemas, shared by
 * the functions (which trust nothing else) and the admin forms (which show the same messages before
 * sending). Pure: no server, database or UI imports. Messages name the field in the admin's words;
 * the spec's own messages are used where it has them (document 2, sections 5 and 8).
 *
 * Create schemas give every optional field its default; update schemas need the id and the
 * form's required fields, and a left-out optional field keeps its stored value (null clears it).
 */
import { z } from 'zod';
import { GENDERS } from '../catalog/gender.ts';
import { PERSONALITIES } from '../quiz/scoring.ts';

/** SEO description limit (spec: 155 characters). */
export const SEO_DESCRIPTION_MAX = 155;
/** Category short description limit (spec: 240 characters). */
export const SHORT_DESCRIPTION_MAX = 240;
/** The category types (spec: only product, blog and quiz are kept). */
export const CATEGORY_TYPES = ['product', 'blog', 'quiz'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];
/** A quiz question's options are lettered A to H on the quiz page. */
export const QUIZ_OPTIONS_MAX = 8;
/** numeric(10, 2): the largest price the database stores. */
export const PRICE_MAX = 99_999_999.99;
/**
 * Blog content limit. The search vector of a longer article can outgrow the 1 MB Postgres allows
 * a tsvector (a body of distinct words costs up to about 5 bytes of it per character).
 */
export const BLOG_CONTENT_MAX = 100_000;

/** The spec's messages (document 2, sections 5 and 8). */
export const ADMIN_MESSAGES = {
  noCategoryChosen: 'Please select at least one category',
  noProductId: 'No product ID provided',
  noType: 'At least one type must be selected',
  noCategorySelected: 'No category selected',
} as const;

// ---------------------------------------------------------------------------------------------
// Rules as plain functions
// ---------------------------------------------------------------------------------------------

// The database's is_http_url() accepts the same shapes; this is stricter about '//host' paths.
const HTTP_URL = /^https?:\/\/[^\s/$.?#]\S*$/;

/** An absolute http(s) URL, such as a retailer's product page. */
export function isHttpUrl(value: string): boolean {
  if (!HTTP_URL.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

/** An http(s) URL or a path on this site (the demo's pictures live under /media/…). */
export function isImageUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !/\s/.test(value);
  return isHttpUrl(value);
}

/** Whether a price has at most two decimals (spec: step 0.01). */
export function hasAtMostTwoDecimals(price: number): boolean {
  return Number(price.toFixed(2)) === price;
}

/** SEO keywords from a comma-separated text or a list: trimmed, empties dropped (spec). */
export function parseSeoKeywords(value: string | readonly string[]): string[] {
  const parts = typeof value === 'string' ? value.split(',') : value;
  return parts.map((k) => k.trim()).filter((k) => k !== '');
}

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

// ---------------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------------

const missing = (input: unknown) => input === undefined || input === null || input === '';

function requiredText(label: string, max: number) {
  return z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** Optional text: blank becomes null. */
function optionalText(label: string, max?: number) {
  const text = z.string({ error: `${label} must be text` }).trim();
  const limited = max === undefined ? text : text.max(max, `${label} must be at most ${max} characters`);
  return limited.transform((v) => (v === '' ? null : v)).nullable();
}

function imageUrl(label: string) {
  return z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? `${label} is required` : `${label} must be text`) })
    .trim()
    .min(1, `${label} is required`)
    .refine(isImageUrl, `${label} must be an http(s) URL or a path starting with /`);
}

/** An optional image URL: blank becomes null. */
function optionalImageUrl(label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .refine((v) => v === '' || isImageUrl(v), `${label} must be an http(s) URL or a path starting with /`)
    .transform((v) => (v === '' ? null : v))
    .nullable();
}

function id(label: string, whenMissing = `${label} is required`) {
  return z.guid({ error: (iss) => (missing(iss.input) ? whenMissing : `${label} must be a UUID`) });
}

const gender = z.enum(GENDERS, { error: 'Target audience must be for_him, for_her or for_both' });

const booleanField = (label: string) => z.boolean({ error: `${label} must be true or false` });

export const priceSchema = z
  .number({ error: (iss) => (iss.input === undefined || iss.input === null ? 'Price is required' : 'Price must be a number') })
  .min(0, 'Price cannot be negative')
  .max(PRICE_MAX, 'Price must be less than 100,000,000')
  .refine(hasAtMostTwoDecimals, 'Price can have at most 2 decimals');

/** The error of an object schema: unknown fields by name, anything else as `what`. */
function objectError(what: string, unknownLabel = 'Unknown field') {
  return {
    error: (iss: z.core.$ZodRawIssue) =>
      iss.code === 'unrecognized_keys' ? `${unknownLabel}: ${(iss.keys as string[]).join(', ')}` : what,
  };
}

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
  .array(id('Category ID'), { error: ADMIN_MESSAGES.noCategoryChosen })
  .min(1, ADMIN_MESSAGES.noCategoryChosen)
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

export const productIdSchema = id('Product ID', ADMIN_MESSAGES.noProductId);

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

// ---------------------------------------------------------------------------------------------
// Categories and their subcategories
// ---------------------------------------------------------------------------------------------

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
  .array(z.enum(CATEGORY_TYPES, { error: 'Types can only be product, blog or quiz' }), { error: ADMIN_MESSAGES.noType })
  .min(1, ADMIN_MESSAGES.noType)
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

export const categoryIdSchema = id('Category ID', ADMIN_MESSAGES.noCategorySelected);

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

// ---------------------------------------------------------------------------------------------
// Blogs
// ---------------------------------------------------------------------------------------------

// Inserted as given, so the database's defaults fill what is left out. products_id is not a
// field: the database derives it from the product tags in the content.
const blogFields = {
  title: requiredText('Title', 200),
  content: z.string({ error: 'Content must be text' }).max(BLOG_CONTENT_MAX, `Content must be at most ${BLOG_CONTENT_MAX} characters`).optional(),
  excerpt: z.string({ error: 'Excerpt must be text' }).trim().max(1000, 'Excerpt must be at most 1000 characters').optional(),
  category_id: id('Category ID').nullable().optional(),
  gender_category: gender.optional(),
  image_url: optionalImageUrl('Image URL').optional(),
  publish_date: z.iso
    .datetime({ offset: true, error: 'Publish date must be a date and time such as 2026-11-18T10:30:00Z' })
    .optional(),
  writer_id: id('Writer ID').nullable().optional(),
  author: optionalText('Author', 200).optional(),
  featured: booleanField('Featured').optional(),
};

export const blogIdSchema = id('Blog ID', 'No blog ID provided');
export const blogCreateSchema = z.strictObject(blogFields, objectError('The blog must be a JSON object'));
export const blogUpdateSchema = z.strictObject({ id: blogIdSchema, ...blogFields }, objectError('The blog must be a JSON object'));

export type BlogCreateInput = z.input<typeof blogCreateSchema>;
export type BlogCreate = z.infer<typeof blogCreateSchema>;
export type BlogUpdateInput = z.input<typeof blogUpdateSchema>;
export type BlogUpdate = z.infer<typeof blogUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Quizzes
// ---------------------------------------------------------------------------------------------

const personality = z.enum(PERSONALITIES, {
  error: (iss) => `Unknown personality ${JSON.stringify(iss.input)}: use one of the 20 gift personalities`,
});

export const quizOptionSchema = z.strictObject(
  {
    text: requiredText('Option text', 200),
    personalities: z.array(personality, { error: 'Option personalities must be a list' }).default([]).transform(unique),
  },
  objectError('Each option must be an object with a text', 'Unknown option field'),
);

export const quizQuestionSchema = z.strictObject(
  {
    id: z.string({ error: 'Question ID must be text' }).trim().min(1, 'Question ID must not be empty').max(100, 'Question ID must be at most 100 characters').optional(),
    text: requiredText('Question text', 500),
    options: z
      .array(quizOptionSchema, { error: 'Each question needs a list of options' })
      .min(2, 'Each question needs at least 2 options')
      .max(QUIZ_OPTIONS_MAX, `A question can have at most ${QUIZ_OPTIONS_MAX} options (A to H)`),
  },
  objectError('Each question must be an object with a text and options', 'Unknown question field'),
);

const quizQuestions = z
  .array(quizQuestionSchema, { error: (iss) => (iss.input === undefined || iss.input === null ? 'Questions are required' : 'Questions must be a list') })
  .min(1, 'Questions are required')
  .superRefine((questions, ctx) => {
    const seen = new Set<string>();
    questions.forEach((q, i) => {
      if (q.id === undefined) return;
      if (seen.has(q.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `Question ID ${q.id} is used twice` });
      seen.add(q.id);
    });
  });

const quizFields = {
  title: requiredText('Title', 200),
  description: requiredText('Description', 2000),
  category_id: id('Category', 'Category is required'),
  gender_category: gender.optional(),
  questions: quizQuestions,
};

export const quizIdSchema = id('Quiz ID', 'No quiz ID provided');
export const quizCreateSchema = z.strictObject(quizFields, objectError('The quiz must be a JSON object'));
export const quizUpdateSchema = z.strictObject({ id: quizIdSchema, ...quizFields }, objectError('The quiz must be a JSON object'));

export type QuizOptionInput = z.input<typeof quizOptionSchema>;
export type QuizQuestionInput = z.input<typeof quizQuestionSchema>;
export type QuizCreateInput = z.input<typeof quizCreateSchema>;
export type QuizCreate = z.infer<typeof quizCreateSchema>;
export type QuizUpdateInput = z.input<typeof quizUpdateSchema>;
export type QuizUpdate = z.infer<typeof quizUpdateSchema>;
export type QuizQuestionWrite = QuizCreate['questions'][number];

/** Questions as stored: every question keeps its id or gets a new one from `newId`. */
export function withQuestionIds(questions: readonly QuizQuestionWrite[], newId: () => string) {
  return questions.map((q) => ({ id: q.id ?? newId(), text: q.text, options: q.options }));
}

export interface ParsedQuizQuestion {
  text: string;
  options: { text: string; personalities: string[] }[];
}

const PERSONALITY_SUFFIX = /^(.*?)\s*\[([^\]]*)\]$/;

/**
 * The quiz form's questions text (spec): one question per block, blocks separated by a blank line;
 * the first line is the question and the other lines its options, trimmed, empty lines dropped.
 * An option line may end in '[key, key]' naming the personalities it scores. Checking the keys
 * is the schema's job, so unknown ones come back as written.
 */
export function parseQuizText(text: string): ParsedQuizQuestion[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => block.split('\n').map((line) => line.trim()).filter((line) => line !== ''))
    .filter((lines) => lines.length > 0)
    .map(([question, ...options]) => ({
      text: question ?? '',
      options: options.map((line) => {
        const tagged = PERSONALITY_SUFFIX.exec(line);
        if (!tagged) return { text: line, personalities: [] };
        const keys = (tagged[2] ?? '').split(',').map((k) => k.trim()).filter((k) => k !== '');
        return { text: tagged[1] ?? '', personalities: keys };
      }),
    }));
}

/** The questions back as the form's text, so a stored quiz can be edited in the same box. */
export function formatQuizText(questions: readonly { text: string; options: readonly { text: string; personalities: readonly string[] }[] }[]): string {
  return questions
    .map((q) => [q.text, ...q.options.map((o) => (o.personalities.length ? `${o.text} [${o.personalities.join(', ')}]` : o.text))].join('\n'))
    .join('\n\n');
}

// ---------------------------------------------------------------------------------------------
// Platforms
// ---------------------------------------------------------------------------------------------

export const platformCreateSchema = z.strictObject({ name: requiredText('Platform name', 60) }, objectError('The platform must be a JSON object'));
export const platformIdSchema = id('Platform ID', 'No platform ID provided');

export type PlatformCreateInput = z.input<typeof platformCreateSchema>;
export type PlatformCreate = z.infer<typeof platformCreateSchema>;

// ---------------------------------------------------------------------------------------------
// Reporting
// ---------------------------------------------------------------------------------------------

export interface FieldProblem {
  /** The field's path, such as 'price' or 'media_urls.1.url'; '' for the body as a whole. */
  field: string;
  message: string;
}

/** The first problem of a failed parse, for a 400 answer or beside a form field. */
export function firstProblem(error: z.ZodError): FieldProblem {
  const issue = error.issues[0];
  if (!issue) return { field: '', message: 'The request body is not valid' };
  const field = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]].join('.') : issue.path.join('.');
  return { field, message: issue.message };
}
