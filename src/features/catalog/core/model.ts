/**
 * The catalogue's own types, shared by the build (content collections), the queries and the
 * islands. Rows from the database are reshaped into these before any component sees them.
 */
import { z } from 'astro/zod';
import type { Tables } from '../../../lib/database.types.ts';
import { GENDERS } from '../../../lib/audience.ts';

export { GENDERS, GENDER_LABELS } from '../../../lib/audience.ts';
export const genderSchema = z.enum(GENDERS);
export type Gender = z.infer<typeof genderSchema>;

export const mediaSchema = z.object({ type: z.enum(['image', 'video']), url: z.string() });
export const variantSchema = z.object({ name: z.string(), imageUrl: z.string().nullable() });
export const affiliateLinkSchema = z.object({ platform: z.string(), title: z.string(), url: z.string() });

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  imageUrl: z.string(),
  media: z.array(mediaSchema),
  variants: z.array(variantSchema),
  affiliateLinks: z.array(affiliateLinkSchema),
  categoryIds: z.array(z.string()),
  subcategoryIds: z.array(z.string()),
  gender: genderSchema,
  tagline: z.string().nullable(),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  seoKeywords: z.array(z.string()),
  /** The price badges as of the last price write or daily refresh (SQL keeps them; src/features/prices/rules.ts says how). */
  lowestPriceIn90Days: z.boolean(),
  /** N of 'Price dropped N%', or null. */
  priceDropPercent: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/** A price of a retailer at a moment (scrapedAt, ISO 8601 UTC). */
const pricePointSchema = z.object({ platform: z.string(), price: z.number(), scrapedAt: z.string() });

/** What the build keeps of a product's prices (the product_prices view, catalogue.ts). */
export const productPricesSchema = z.object({
  id: z.string(),
  /** Each retailer's latest price, by retailer. */
  latest: z.array(pricePointSchema),
  /** Every price scraped in the 90 days before the read and after, oldest first. */
  history: z.array(pricePointSchema),
});
export type ProductPrices = z.infer<typeof productPricesSchema>;
export type Media = z.infer<typeof mediaSchema>;
export type Variant = z.infer<typeof variantSchema>;
export type AffiliateLink = z.infer<typeof affiliateLinkSchema>;

export const CATEGORY_TYPES = ['product', 'blog', 'quiz'] as const;

export const subcategorySchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
});
export type Subcategory = z.infer<typeof subcategorySchema>;

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  shortDescription: z.string().nullable(),
  imageUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  bannerSmallUrl: z.string().nullable(),
  color: z.string(),
  types: z.array(z.enum(CATEGORY_TYPES)),
  gender: genderSchema,
  personality: z.string().nullable(),
  featured: z.boolean(),
  subcategories: z.array(subcategorySchema),
  updatedAt: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

/** The product columns the shop reads (everything but the search vector). */
// One literal (no concatenation), so supabase-js can infer the row type from it.
export const PRODUCT_COLUMNS =
  'id, name, description, price, image_url, media_urls, variants, affiliate_links, category_ids, subcategory_ids, gender_category, tagline, seo_title, seo_description, seo_keywords, price_lowest_in_90_days, price_drop_percent, created_at, updated_at';

type ProductRow = Omit<Tables<'products'>, 'search_vector'>;

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A product's media_urls column as media, leaving out any entry that is not one. */
export function productMedia(column: unknown): Product['media'] {
  return asArray(column).flatMap((m) => {
    const parsed = mediaSchema.safeParse(m);
    return parsed.success ? [parsed.data] : [];
  });
}

/** A product's variants column as variants, leaving out any entry that is not one. */
export function productVariants(column: unknown): Product['variants'] {
  return asArray(column).flatMap((v) => {
    const parsed = z.object({ name: z.string(), image_url: z.string().nullish() }).safeParse(v);
    return parsed.success ? [{ name: parsed.data.name, imageUrl: parsed.data.image_url ?? null }] : [];
  });
}

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: Number(row.price),
    imageUrl: row.image_url,
    media: productMedia(row.media_urls),
    variants: productVariants(row.variants),
    affiliateLinks: asArray(row.affiliate_links).flatMap((a) => {
      const parsed = affiliateLinkSchema.safeParse(a);
      return parsed.success ? [parsed.data] : [];
    }),
    categoryIds: row.category_ids,
    subcategoryIds: row.subcategory_ids,
    gender: row.gender_category,
    tagline: row.tagline,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    seoKeywords: row.seo_keywords,
    lowestPriceIn90Days: row.price_lowest_in_90_days,
    priceDropPercent: row.price_drop_percent,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export const CATEGORY_COLUMNS =
  'id, name, description, short_description, image_url, image_url_banner, image_url_banner_small, color, type, gender_category, personality, featured, updated_at, subcategories(id, category_id, name, description)';

type CategoryRow = Pick<
  Tables<'categories'>,
  | 'id' | 'name' | 'description' | 'short_description' | 'image_url' | 'image_url_banner'
  | 'image_url_banner_small' | 'color' | 'type' | 'gender_category' | 'personality' | 'featured' | 'updated_at'
> & { subcategories: Pick<Tables<'subcategories'>, 'id' | 'category_id' | 'name' | 'description'>[] };

export function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    shortDescription: row.short_description,
    imageUrl: row.image_url,
    bannerUrl: row.image_url_banner,
    bannerSmallUrl: row.image_url_banner_small,
    color: row.color,
    types: row.type.filter((t): t is Category['types'][number] => (CATEGORY_TYPES as readonly string[]).includes(t)),
    gender: row.gender_category,
    personality: row.personality,
    featured: row.featured,
    subcategories: [...row.subcategories]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((s) => ({ id: s.id, categoryId: s.category_id, name: s.name, description: s.description })),
    updatedAt: row.updated_at,
  };
}
