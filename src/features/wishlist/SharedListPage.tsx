/**
 * The island of /wishlist/shared/?list=… (issue 12): the shared list a link names, read-only, for
 * anyone — its title and its gifts as the usual product cards, each with its retailer links. The
 * hearts like a gift into the visitor's own wishlist. Nothing about the list's owner is shown or
 * even read. Without a usable `list` parameter, or when its owner stopped sharing, it says so.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { buttonVariants } from '../../components/ui/button.ts';
import { ErrorBoundary } from '../../components/ui/ErrorBoundary.tsx';
import { createQuery } from '../../lib/query-cache.ts';
import { useQuery } from '../../lib/use-load.ts';
import { formatPrice } from '../catalog/core/price.ts';
import { ProductCard, useCardBehaviour } from '../catalog/cards/ProductCard.tsx';
import { LoadError, Loading } from '../catalog/listings/ListingParts.tsx';
import type { RetailerOffer } from '../product/offers.ts';
import { pageTitle } from '../seo/text.ts';
import { listLinkFrom, type ListLink } from './shared-list.ts';
import type { SharedGift } from './wishlist-data.ts';
import { wishlistReadBudget } from './wishlist-view.ts';

interface Props {
  /** The build's clock (ISO), for the NEW badges, as on the prebuilt cards. */
  now: string;
}

// The reader loads with supabase-js on the first read, not with the island, and before the read's
// budget starts: that is the page's own time, not Supabase's.
const loadReader = () => import('./wishlist-data.ts');
const sharedLists = createQuery(
  async (token: string, signal) => (await loadReader()).readSharedList(token, signal),
  { budgetMs: wishlistReadBudget, prepare: loadReader },
);

const NO_LONGER_SHARED = 'This list is no longer shared';

export default function SharedListPage(props: Props) {
  return (
    <ErrorBoundary>
      <SharedList {...props} />
    </ErrorBoundary>
  );
}

function SharedList({ now }: Props) {
  // Read after hydration: the prebuilt page is the same for every link.
  const [link, setLink] = useState<ListLink | null>(null);
  useEffect(() => setLink(listLinkFrom(location.search)), []);
  useCardBehaviour();
  const clock = useMemo(() => new Date(now), [now]);
  const listHeading = useId();
  const { state, retry } = useQuery(sharedLists, link?.kind === 'token' ? link.token : null);
  const list = state.status === 'ready' ? state.data : undefined;
  useEffect(() => {
    if (list) document.title = pageTitle(list.title);
  }, [list]);

  if (link?.kind === 'missing') {
    return <Gone heading="This link has no list in it" text="A shared list's link ends in ?list= and a long code. Ask whoever sent it for the whole link." />;
  }
  if (link?.kind === 'malformed') {
    return <Gone heading="This link is not complete" text="The code at the end of the link is cut short or changed. Copy the whole link from the message it came in." />;
  }
  if (state.status === 'error') {
    return (
      <>
        <Heading title="Shared gift list" />
        <LoadError text="We couldn't load this list. Please try again." onRetry={retry} />
      </>
    );
  }
  if (list === null) {
    return <Gone heading={NO_LONGER_SHARED} text="Whoever shared it has stopped sharing it. Ask them for a new link." />;
  }
  if (!list) {
    return (
      <>
        <Heading title="Shared gift list" />
        <Loading text="Loading products..." />
      </>
    );
  }
  const count = list.gifts.length;
  return (
    <>
      <Heading title={list.title} lead={count === 0 ? undefined : `${count} ${count === 1 ? 'gift idea' : 'gift ideas'} shared with you. Tap a heart to keep one in your own wishlist.`} />
      {count === 0 ? (
        <div className="py-16 text-center">
          <p className="text-ink">There are no gifts on this list yet.</p>
          <a href="/products" className={buttonVariants({ size: 'md', className: 'mt-6' })}>Explore Products</a>
        </div>
      ) : (
        <>
          {/* Each gift spans two rows of the grid (card, retailers), so the cards of a row line up whatever their retailers. */}
          {/* The cards' names are h3s: the list is a section of the page under its own heading. */}
          <h2 id={listHeading} className="sr-only">Gifts on this list</h2>
          <ul className="grid grid-cols-2 gap-x-4 gap-y-6 md:grid-cols-3 lg:grid-cols-4" aria-labelledby={listHeading}>
            {list.gifts.map((gift, index) => (
              <li key={gift.card.id} className="row-span-2 grid grid-rows-subgrid gap-y-2">
                <ProductCard product={gift.card} now={clock} eager={index < 4} />
                <RetailerLinks gift={gift} />
              </li>
            ))}
          </ul>
          <p className="mt-8 text-xs text-muted">We may earn a commission when you buy through these links.</p>
        </>
      )}
    </>
  );
}

function Heading({ title, lead }: { title: string; lead?: string | undefined }) {
  return (
    <header className="mb-8">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Shared gift list</p>
      <h1 className="mt-1 break-words text-3xl font-bold text-ink">{title}</h1>
      {lead && <p className="mt-2 text-muted">{lead}</p>}
    </header>
  );
}

function Gone({ heading, text }: { heading: string; text: string }) {
  return (
    <div className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-bold text-ink">{heading}</h1>
      <p className="mt-3 text-muted">{text}</p>
      <a href="/products" className={buttonVariants({ size: 'md', className: 'mt-6' })}>Explore Products</a>
    </div>
  );
}

/** A gift's retailers, as the product page's 'Available at' buttons: tracked as affiliate clicks. */
function RetailerLinks({ gift }: { gift: SharedGift }) {
  const { card, offers } = gift;
  if (offers.length === 0) return null;
  return (
    <div className="px-1">
      <p className="text-xs font-medium text-muted">Buy at</p>
      <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={`Buy ${card.name}`}>
        {offers.map((offer) => (
          <li key={offer.platform}>
            <a
              href={offer.url}
              target="_blank"
              rel="sponsored nofollow noopener"
              data-track-affiliate={card.id}
              data-platform={offer.platform}
              aria-label={`${offerLabel(offer)} (opens in a new tab)`}
              className="inline-flex min-h-8 items-center gap-1 rounded-full border border-black/10 bg-white px-2.5 py-1 text-xs font-medium text-ink transition hover:border-brand-500 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {offerLabel(offer)}
              <svg className="size-3 text-muted" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true"><path d="M11 3a1 1 0 1 0 0 2h2.6l-6.3 6.3a1 1 0 1 0 1.4 1.4L15 6.4V9a1 1 0 1 0 2 0V4a1 1 0 0 0-1-1h-5z" /><path d="M5 5a2 2 0 0 0-2 2v8c0 1.1.9 2 2 2h8a2 2 0 0 0 2-2v-3a1 1 0 1 0-2 0v3H5V7h3a1 1 0 0 0 0-2H5z" /></svg>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

const offerLabel = (offer: RetailerOffer): string => (offer.price === null ? offer.platform : `${offer.platform} ${formatPrice(offer.price)}`);
