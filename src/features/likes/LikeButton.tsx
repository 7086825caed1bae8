/**
 * The like heart of a product, rendered disabled: <like-button> (like-button.ts) enables it once
 * the shopper's likes are known and keeps every heart of the page in step. Static markup: the
 * prebuilt pages render it on the server (product cards, the product page), islands in the browser.
 */

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'like-button': HTMLAttributes<HTMLElement> & { 'data-product-id': string };
    }
  }
}

const SIZES = {
  sm: { box: 'size-9', icon: 'size-5' },
  lg: { box: 'size-12', icon: 'size-6' },
} as const;

interface Props {
  productId: string;
  productName: string;
  size?: keyof typeof SIZES;
}

export function LikeButton({ productId, productName, size = 'sm' }: Props) {
  const { box, icon } = SIZES[size];
  return (
    <like-button data-product-id={productId}>
      <button
        type="button"
        disabled
        aria-pressed="false"
        aria-label={`Add ${productName} to wishlist`}
        data-label-add={`Add ${productName} to wishlist`}
        data-label-remove={`Remove ${productName} from wishlist`}
        className={`group/like like-toggle ${box}`}
      >
        <svg className={icon} viewBox="0 0 24 24" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path
            className="like-heart"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8 3.6 4.5 7.1 4.5c2 0 3.6 1.1 4.9 2.9 1.3-1.8 2.9-2.9 4.9-2.9 3.5 0 5.6 3.5 4.4 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
          />
        </svg>
      </button>
    </like-button>
  );
}
