/**
 * A product card: pictures (the second shows on hover; <product-media> cycles the rest), the NEW
 * badge, the like heart, name, colour swatches (links to the product page with that variant chosen,
 * after the name's link so it stays the card's first; pointing at one or focusing it shows the
 * variant's picture), price and a description popup. Static markup that
 * reads well without JavaScript, rendered on the server for the prebuilt lists (ProductCards.astro)
 * and in the browser by islands, so a runtime list looks exactly like a prebuilt one. The custom
 * elements add the picture cycling and the likes; islands load them with useCardBehaviour.
 */
import { useEffect, useId, type HTMLAttributes } from 'react';
import { Badge } from '../../../components/ui/Badge.tsx';
import { LikeButton } from '../../likes/LikeButton.tsx';
import type { ProductCardData } from './card.ts';
import { isNew } from './new-badge.ts';
import { formatPrice } from '../core/price.ts';
import { productHref } from '../../../lib/links.ts';
import { variantSwatch } from './swatch.ts';
import { SwatchDot } from './SwatchDot.tsx';

/** Swatches a card shows; the count says how many variants there are in all. */
const MAX_SWATCHES = 4;

type CustomElementProps = HTMLAttributes<HTMLElement> & { [data: `data-${string}`]: string | undefined };

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'product-media': CustomElementProps;
    }
  }
}

/** Defines <product-media> and <like-button> in the browser (they touch `customElements`, so not on the server). */
export function useCardBehaviour(): void {
  useEffect(() => {
    void import('./card-elements.ts');
  }, []);
}

interface Props {
  product: ProductCardData;
  now: Date;
  /** Above the fold: load the picture eagerly. */
  eager?: boolean;
  /** A label on the picture's lower corner, such as search's 'Best Match'. */
  badge?: string;
  /** The description popup's id, unique on the page (a product can show in two lists of one page); by default React's own. */
  popupId?: string;
}

export function ProductCard({ product, now, eager = false, badge, popupId }: Props) {
  const href = productHref(product.id);
  const { pictures } = product;
  const colours = product.variants.length;
  const ownId = useId();
  const popup = popupId ?? ownId;
  return (
    <article className="product-card group">
      <product-media className="relative block aspect-square overflow-hidden rounded-t-2xl bg-gray-50" data-pictures={JSON.stringify(pictures.slice(1))}>
        <a href={href} data-track-product={product.id} tabIndex={-1} aria-hidden="true" className="block size-full">
          <img
            src={pictures[0]}
            alt=""
            width={400}
            height={400}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : undefined}
            decoding="async"
            className="size-full object-cover"
            data-main=""
          />
        </a>
        {isNew(product.createdAt, now) && (
          <Badge className="absolute left-3 top-3">NEW</Badge>
        )}
        {badge && <span className="absolute bottom-3 left-3 rounded-full bg-emerald-700 px-2.5 py-1 text-xs font-bold text-white">{badge}</span>}
      </product-media>
      <LikeButton productId={product.id} productName={product.name} className="absolute right-3 top-3 z-10" />
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="line-clamp-2 text-sm font-semibold leading-snug text-ink">
          <a href={href} data-track-product={product.id} className="product-card-link">
            {product.name}
          </a>
        </h3>
        {colours > 0 && (
          <div className="relative z-10 flex flex-wrap items-center gap-x-1 text-xs text-muted">
            <span className="-ml-1 flex">
              {product.variants.slice(0, MAX_SWATCHES).map((variant, index) => (
                <a
                  key={`${index}-${variant.name}`}
                  href={productHref(product.id, variant.name)}
                  data-track-product={product.id}
                  data-swatch-picture={variant.picture ?? undefined}
                  aria-label={`${product.name} in ${variant.name}`}
                  title={variant.name}
                  className="grid size-6 place-items-center rounded-full hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <SwatchDot swatch={variantSwatch(variant)} className="size-4" />
                </a>
              ))}
            </span>
            {`available in ${colours} ${colours === 1 ? 'color' : 'colors'}`}
          </div>
        )}
        {product.priceBadges.length > 0 && (
          <p className="flex flex-wrap gap-1" data-price-badges="">
            {product.priceBadges.map((label) => (
              <Badge key={label} tone="success" size="sm">{label}</Badge>
            ))}
          </p>
        )}
        <div className="mt-auto flex items-center justify-between gap-2 pt-1">
          <p className="font-bold text-ink">{formatPrice(product.price)}</p>
          <div className="description-popup group/popup relative z-10">
            <button type="button" className="rounded-full px-2 py-0.5 text-xs text-muted ring-1 ring-black/10 hover:text-brand-700" aria-describedby={popup}>
              Details
            </button>
            <div
              id={popup}
              role="tooltip"
              className="product-card-details"
            >
              {product.description}
            </div>
          </div>
        </div>
      </div>
    </article>
  );
}
