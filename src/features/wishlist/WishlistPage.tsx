/**
 * The /wishlist island (spec: Wishlist page): the liked products as product cards, newest like
 * first, each with its heart (unliking removes the card); an empty state; and, for a guest with
 * likes, a banner inviting them to create an account so the wishlist is kept.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { buttonVariants } from '../../components/ui/button.ts';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary.tsx';
import { createQuery } from '../../lib/query-cache.ts';
import { useQuery } from '../../lib/use-load.ts';
import type { ProductCardData } from '../catalog/cards/card.ts';
import { ProductCard, useCardBehaviour } from '../catalog/cards/ProductCard.tsx';
import { $likedIds, $likesOwner, $likesState, loadLikes } from '../likes/store.ts';
import { wishlistOrder, wishlistReadBudget, wishlistView, withRead, type ReadProducts } from './wishlist-view.ts';

interface Props {
  /** The build's clock (ISO), for the NEW badges, as on the prebuilt cards. */
  now: string;
}

// The reader loads with supabase-js on the first read, not with the island, and before the read's
// budget starts: that is the page's own time, not Supabase's.
const loadReader = () => import('./wishlist-data.ts');
const wishlistProducts = createQuery(
  async (ids: string[], signal) => (await loadReader()).readWishlistProducts(ids, signal),
  { budgetMs: wishlistReadBudget, prepare: loadReader },
);

export default function WishlistPage(props: Props) {
  return (
    <ErrorBoundary>
      <Wishlist {...props} />
    </ErrorBoundary>
  );
}

function Wishlist({ now }: Props) {
  // The first render matches the prebuilt HTML (loading); the likes may be known before hydration.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    loadLikes();
    setHydrated(true);
  }, []);
  useCardBehaviour();
  const likesState = useStore($likesState);
  const liked = useStore($likedIds);
  const owner = useStore($likesOwner);
  const clock = useMemo(() => new Date(now), [now]);
  const [read, setRead] = useState<ReadProducts<ProductCardData>>(() => new Map());

  const { cards, missing } = useMemo(() => wishlistView(wishlistOrder(liked), read), [liked, read]);
  const { state, retry } = useQuery(wishlistProducts, likesState === 'ready' && missing.length > 0 ? missing : null);
  useEffect(() => {
    if (state.status === 'ready') setRead((known) => withRead(known, missing, state.data));
    // `missing` changes with `state` (it is the read's argument).
  }, [state]);

  if (!hydrated || likesState !== 'ready') return <Loading />;
  const hasItems = cards.length > 0 || missing.length > 0;
  return (
    <>
      {owner === 'signedOut' && hasItems && <SaveBanner />}
      {!hasItems ? (
        <Empty />
      ) : state.status === 'error' ? (
        <div role="alert" className="py-16 text-center">
          <p className="text-ink">We couldn't load your wishlist. Please try again.</p>
          <Button size="md" className="mt-4" onClick={retry}>Retry</Button>
        </div>
      ) : cards.length === 0 ? (
        <Loading />
      ) : (
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4" aria-label="Liked products">
          {cards.map((product, index) => (
            <li key={product.id}>
              <ProductCard product={product} now={clock} eager={index < 4} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Loading() {
  return <p role="status" className="py-16 text-center text-muted noscript:hidden">Loading products...</p>;
}

function Empty() {
  return (
    <div className="py-16 text-center">
      <h2 className="text-xl font-semibold text-ink">Your wishlist is empty</h2>
      <p className="mt-2 text-muted">Tap the heart on any gift to keep it here.</p>
      <a href="/products" className={buttonVariants({ size: 'md', className: 'mt-6' })}>Explore Products</a>
    </div>
  );
}

function SaveBanner() {
  return (
    <div className="relative mb-8 flex flex-col gap-3 rounded-2xl border border-brand-100 bg-brand-50 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 className="text-lg font-semibold text-ink">
          <a href="/auth" className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus:outline-none focus-visible:underline">
            Save your wishlist forever!
          </a>
        </h2>
        <p className="mt-1 text-sm text-ink/80">Your likes are kept only in this browser. Create a free account to keep them on every device.</p>
      </div>
      <span aria-hidden="true" className={buttonVariants({ size: 'notice', className: 'shrink-0 self-start sm:self-auto' })}>
        Sign up
      </span>
    </div>
  );
}
