/**
 * What a product card shows, as an island receives it: the rest of a product (affiliate links,
 * SEO fields, categories) stays out of the page's props and the runtime reads' answers.
 */
import type { Product } from '../core/model.ts';
import { priceBadgeLabels } from '../../prices/badges.ts';

export interface ProductCardData {
  id: string;
  name: string;
  description: string;
  price: number;
  /** The main picture first, then the extra images; the card cycles through them on hover. */
  pictures: string[];
  /** The colour variants: the swatches show their colour or picture, and link to the product page with that variant chosen. */
  variants: { name: string; picture: string | null }[];
  createdAt: string;
  /** 'Price dropped N%' and 'Lowest price in 90 days', when the product has them. */
  priceBadges: string[];
}

/** What of a product its card reads (a search hit carries just this). */
export type CardProduct = Pick<Product, 'id' | 'name' | 'description' | 'price' | 'imageUrl' | 'media' | 'variants' | 'createdAt' | 'lowestPriceIn90Days' | 'priceDropPercent'>;

/** A product as its card shows it (pictures: image_url, then the image media; videos are not cycled). */
export function productCardData(product: CardProduct): ProductCardData {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    price: product.price,
    pictures: [product.imageUrl, ...product.media.filter((m) => m.type === 'image').map((m) => m.url)],
    variants: product.variants.map((v) => ({ name: v.name, picture: v.imageUrl?.trim() || null })),
    createdAt: product.createdAt,
    priceBadges: priceBadgeLabels(product),
  };
}
