/**
 * The like heart of a product, rendered disabled: <like-button> (like-button.ts) enables it once
 * the shopper's likes are known and keeps every heart of the page in step. Static markup: the
 * prebuilt pages render it on the server (product cards, the product page), islands in the browser.
 */
import { cn } from '../../components/ui/cn.ts';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'like-button': HTMLAttributes<HTMLElement> & { 'data-product-id': string };
    }
  }
}

/** The button's box and its heart (drawn by global.css's .like-toggle, not by an SVG of its own). */
const SIZES = {
  sm: 'size-9',
  lg: 'size-12 before:size-6',
} as const;

interface Props {
  productId: string;
  productName: string;
  size?: keyof typeof SIZES;
  /** Where the heart sits in its parent: the element is the button's only wrapper. */
  className?: string;
}

export function LikeButton({ productId, productName, size = 'sm', className }: Props) {
  return (
    <like-button data-product-id={productId} className={cn('block', className)}>
      <button
        type="button"
        disabled
        aria-pressed="false"
        aria-label={`Add ${productName} to wishlist`}
        data-label-add={`Add ${productName} to wishlist`}
        data-label-remove={`Remove ${productName} from wishlist`}
        className={`like-toggle ${SIZES[size]}`}
      />
    </like-button>
  );
}
