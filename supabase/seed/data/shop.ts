/**
 * The rest of the shop's fixed vocabulary: retailers, the non-personality categories, colour
 * names for variants, and phrases shared by every product.
 */
import type { Gender, PersonalityKey } from './personalities.ts';

export interface Retailer {
  name: string;
  /** Builds a product URL with the shop's affiliate tag from a slug and a numeric id. */
  url(slug: string, id: number): string;
}

export const RETAILERS: Retailer[] = [
  { name: 'Amazon', url: (_, id) => `https://www.amazon.com/dp/B0${String(id).padStart(8, '0')}?tag=giftshop-20` },
  { name: 'Etsy', url: (slug, id) => `https://www.etsy.com/listing/${id}/${slug}?ref=giftshop_aff` },
  { name: 'Walmart', url: (slug, id) => `https://www.walmart.com/ip/${slug}/${id}?affiliates_ad_id=giftshop` },
  { name: 'Target', url: (slug, id) => `https://www.target.com/p/${slug}/-/A-${id}?afid=giftshop` },
  { name: 'Best Buy', url: (slug, id) => `https://www.bestbuy.com/site/${slug}/${id}.p?ref=giftshop` },
  { name: 'Uncommon Goods', url: (slug, id) => `https://www.uncommongoods.com/product/${slug}?aff=giftshop&sku=${id}` },
];

/** Where each kind of shop is likeliest to stock a category's products (besides Amazon). */
export const RETAILER_AFFINITY: Partial<Record<PersonalityKey, string[]>> = {
  techSavvy: ['Best Buy', 'Target', 'Walmart'],
  gameMode: ['Best Buy', 'Target', 'Walmart'],
  musicRoom: ['Best Buy', 'Uncommon Goods', 'Target'],
  lightsCameraAction: ['Best Buy', 'Walmart', 'Uncommon Goods'],
  craftsPottery: ['Etsy', 'Uncommon Goods', 'Walmart'],
  artistDesigners: ['Etsy', 'Uncommon Goods', 'Target'],
  togetherWherever: ['Uncommon Goods', 'Etsy', 'Target'],
  animeFans: ['Etsy', 'Target', 'Walmart'],
  dontNeedAnything: ['Uncommon Goods', 'Etsy', 'Target'],
};

export interface ExtraCategory {
  key: string;
  name: string;
  description: string;
  short: string;
  color: string;
  gender: Gender;
  /** Personalities whose products its articles draw on. */
  draws: PersonalityKey[];
}

/** Blog-only categories, named as in the spec's related-category map. */
export const BLOG_CATEGORIES: ExtraCategory[] = [
  {
    key: 'travel-essentials', name: 'Travel Essentials', color: '#4FB3BF', gender: 'for_both',
    description: 'Packing lists, carry-on favourites and the small things that make a trip smoother.',
    short: 'Packing lists and carry-on favourites for smoother trips.',
    draws: ['worldExplorer', 'togetherWherever'],
  },
  {
    key: 'tech-enthusiast', name: 'Tech Enthusiast', color: '#4A6FE3', gender: 'for_both',
    description: 'Reviews and gift guides for gadgets, smart home devices and the accessories around them.',
    short: 'Gadget reviews and smart home gift guides.',
    draws: ['techSavvy', 'gameMode'],
  },
  {
    key: 'outdoor-adventurer', name: 'Outdoor Adventurer', color: '#5E8C4A', gender: 'for_both',
    description: 'Trail-tested gear and ideas for people who spend their weekends outside.',
    short: 'Trail-tested gear for weekends outside.',
    draws: ['natureUnleashed', 'sportsCentral'],
  },
  {
    key: 'digital-nomad', name: 'Digital Nomad', color: '#7A6FBF', gender: 'for_both',
    description: 'Working from anywhere: the laptop bags, chargers and comforts that travel well.',
    short: 'Kit for working from anywhere.',
    draws: ['workaholic', 'worldExplorer', 'techSavvy'],
  },
  {
    key: 'fitness-enthusiast', name: 'Fitness Enthusiast', color: '#58B368', gender: 'for_both',
    description: 'Training plans, recovery routines and the gear that keeps a habit going.',
    short: 'Training, recovery and the gear that keeps a habit going.',
    draws: ['personalFitness', 'sportsCentral'],
  },
  {
    key: 'home-living', name: 'Home & Living', color: '#C9A27E', gender: 'for_both',
    description: 'Cosy upgrades, kitchen favourites and small luxuries that make a house a home.',
    short: 'Cosy upgrades and small luxuries for the home.',
    draws: ['dontNeedAnything', 'culinaryCrew', 'craftsPottery'],
  },
  {
    key: 'fashion-style', name: 'Fashion & Style', color: '#D46A8C', gender: 'for_both',
    description: 'Grooming, accessories and finishing touches for people who like to look the part.',
    short: 'Grooming and accessories for looking the part.',
    draws: ['beautySkinHair', 'artistDesigners'],
  },
];

export const CURATED = {
  key: 'curated-picks',
  name: 'Curated Picks',
  description: 'Our editors’ favourite gifts right now: the things we would happily give, and hope to receive.',
  short: 'Our editors’ favourite gifts right now.',
  color: '#F7C873',
  size: 24,
} as const;

/** A hidden category, so the visibility rules have something to hide. */
export const HIDDEN = {
  key: 'holiday-archive',
  name: 'Holiday Archive',
  description: 'Last season’s holiday specials, kept for reference and not shown to visitors.',
  short: 'Last season’s holiday specials.',
  color: '#A7B8A8',
} as const;

export const VARIANT_COLOURS: { name: string; hex: string }[] = [
  { name: 'Sage Green', hex: '#9CAF88' },
  { name: 'Charcoal', hex: '#3E4347' },
  { name: 'Terracotta', hex: '#C8664A' },
  { name: 'Navy', hex: '#2F3E5C' },
  { name: 'Blush Pink', hex: '#E8B4B8' },
  { name: 'Oat', hex: '#D8CBB3' },
  { name: 'Mustard', hex: '#D9A441' },
  { name: 'Forest Green', hex: '#2F5D46' },
  { name: 'Dusty Blue', hex: '#7D9BB5' },
  { name: 'Burgundy', hex: '#7A2E3A' },
  { name: 'Cream', hex: '#F1E9DA' },
  { name: 'Matte Black', hex: '#262626' },
  { name: 'Slate Grey', hex: '#6B7280' },
  { name: 'Lavender', hex: '#B9A7D6' },
];

/** Closing sentences that suit any gift. */
export const GIFT_LINES = [
  'It arrives in a recyclable gift box, ready to hand over.',
  'A thoughtful pick for birthdays, anniversaries and thank-yous alike.',
  'Easy to wrap and even easier to love.',
  'The kind of gift that is still in use long after the wrapping paper is gone.',
  'It ships quickly, so it works as a last-minute present too.',
  'Backed by a generous returns window in case it is not quite right.',
];

/** Maker names for the benchmark catalogue, so its 100,000 names are not all alike. */
export const BRANDS = [
  'Alder & Finch', 'Northbound', 'Harbor Goods', 'Little Otter', 'Kinfolk Supply', 'Bright Meadow',
  'Copper Lane', 'Fieldnote', 'Wren Studio', 'Tall Pines', 'Saltwater', 'Hearth & Hive',
  'Mosswood', 'Blue Heron', 'Paper Moon', 'Ironbark', 'Golden Hour', 'Quiet Oak', 'Ridgeline',
  'Marigold', 'Stonefruit', 'Juniper & Co.', 'Foxglove', 'Old Harbour', 'Sunday Supply',
  'Brightwater', 'Cinder', 'Larkspur', 'Nomad Works', 'Common Thread',
];
