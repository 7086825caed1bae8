/**
 * /api/admin/products — an admin creates, updates and deletes products.
 *
 *   POST   a product (ProductCreateInput)           201 the product
 *   PUT    a product with its id (ProductUpdateInput) 200 the product; optional fields left out
 *                                                   keep their value
 *   DELETE { "id": … } or ?id=…                     200 { "deleted": true }
 *
 * 400 { error, field } when the body does not fit src/features/admin/products/schemas.ts or names a
 * category, subcategory or platform that does not exist ('Please select at least one category',
 * 'No product ID provided', …); a problem with an affiliate link names the link by its platform and
 * the link's field ('affiliate_links.1.url': 'URL for the Amazon link must be …'); 401 'Sign in as an admin'; 403 'Admins only'; 404 'Product not
 * found'. Saving checks the affiliate links' platforms and writes in one transaction
 * (admin_save_product_with_prices): the product, and a price_history row (scraped now) for each
 * link whose optional `price` was given and differs from that retailer's latest price.
 */
import type { Config } from '@netlify/functions';
import { productCreateSchema, productIdSchema, productUpdateSchema, type ProductCreate, type ProductUpdate } from '../src/features/admin/products/schemas.ts';
import { adminEndpoint, deleteTarget, FieldError, readBody } from './_shared/admin.ts';
import { HttpError } from './_shared/http.ts';
import { serviceDb } from './_shared/supabase.ts';
import { writeFailure, type WriteSubject } from './_shared/write-errors.ts';

const PRODUCT_COLUMNS =
  'id, name, description, price, image_url, media_urls, variants, affiliate_links, category_ids, subcategory_ids, gender_category, tagline, seo_title, seo_description, seo_keywords, created_at, updated_at';

const PRODUCT: WriteSubject = { label: 'Product', table: 'products' };

/**
 * The links as the product stores them, and the prices typed for them: one per retailer, as a
 * retailer has one current price (two links to the same shop may both show it; two different
 * prices for it are refused).
 */
function splitPrices(product: ProductCreate | ProductUpdate) {
  const links = product.affiliate_links;
  if (!links) return { product, prices: [] };
  const byPlatform = new Map<string, { platform: string; price: number }>();
  for (const link of links) {
    if (!('price' in link)) continue;
    const key = link.platform.trim().toLowerCase();
    const earlier = byPlatform.get(key);
    if (earlier && earlier.price !== link.price) {
      throw new HttpError(400, `Two different prices were given for the ${link.platform} links`);
    }
    byPlatform.set(key, { platform: link.platform, price: link.price });
  }
  const stored = links.map(({ platform, title, url }) => ({ platform, title, url }));
  return { product: { ...product, affiliate_links: stored }, prices: [...byPlatform.values()] };
}

async function save(body: ProductCreate | ProductUpdate) {
  const { product, prices } = splitPrices(body);
  const { data, error } = await serviceDb().rpc('admin_save_product_with_prices', { product, prices }).select(PRODUCT_COLUMNS).single();
  if (error) throw withLinkNamed(writeFailure(error, PRODUCT), product.affiliate_links ?? []);
  return data;
}

const UNKNOWN_PLATFORM = /no platform is named (.+)$/;

/** The database refuses the list for a platform it does not know; the admin is told which link (issue 13). */
function withLinkNamed(failure: Error, links: readonly { platform: string }[]): Error {
  const platform = failure instanceof FieldError && failure.field === 'affiliate_links' ? UNKNOWN_PLATFORM.exec(failure.message)?.[1] : undefined;
  const index = platform === undefined ? -1 : links.findIndex((link) => link.platform === platform);
  if (index < 0) return failure;
  return new FieldError(`affiliate_links.${index}.platform`, `Platform for the ${platform} link is not in the platform list: add it under Platforms or choose another`);
}

export default adminEndpoint('admin-products', {
  async POST(request) {
    const product = await readBody(request, productCreateSchema);
    const saved = await save(product);
    return { status: 201, body: saved, change: `product "${saved.name}" created` };
  },
  async PUT(request) {
    const product = await readBody(request, productUpdateSchema);
    const saved = await save(product);
    return { status: 200, body: saved, change: `product "${saved.name}" updated` };
  },
  async DELETE(request) {
    const id = await deleteTarget(request, productIdSchema);
    const { data, error } = await serviceDb().from('products').delete().eq('id', id).select('id, name').maybeSingle();
    if (error) throw writeFailure(error, PRODUCT);
    if (!data) throw new HttpError(404, 'Product not found');
    return { status: 200, body: { deleted: true }, change: `product "${data.name}" deleted` };
  },
});

export const config: Config = { path: '/api/admin/products', method: ['POST', 'PUT', 'DELETE'] };
