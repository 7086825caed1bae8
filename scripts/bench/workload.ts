/**
 * The search workload: what shoppers type, drawn from the catalogue's own words so every query
 * shape meets realistic match counts — single words, two- and three-word phrases, prefixes as
 * typed so far, typos, whole product names and category names — with the search page's filters
 * (category, audience, price range), each sort and the first three pages of 24.
 *
 * Deterministic: the same catalogue gives the same calls in the same order.
 */
import { searchTerm } from '../../src/features/search/rules.ts';
import type { Queryable } from '../../supabase/local/db.ts';
import { seeded, type Rng } from '../../supabase/seed/random.ts';

export const PAGE_SIZE = 24;
export const SORTS = ['relevance', 'newest', 'lowToHigh', 'highToLow'] as const;
export type Sort = (typeof SORTS)[number];
const GENDERS = ['for_him', 'for_her', 'for_both'] as const;

/** Queries shoppers type that the vocabulary alone would not produce. */
const FIXED_PREFIXES = ['head', 'cera'];
const FIXED_TYPOS = ['hedphones'];

export type QueryShape = 'word' | 'phrase' | 'prefix' | 'typo' | 'name' | 'category';

export interface ProductSearchArgs {
  search_query: string;
  category_filter?: string;
  gender_filter?: string;
  price_min?: number;
  price_max?: number;
  sort_by?: Sort;
  result_limit: number;
  result_offset: number;
}

export interface BlogSearchArgs {
  search_query: string;
  category_filter?: string;
  gender_filter?: string;
  result_limit: number;
  result_offset: number;
}

export interface WorkloadCall<A, S extends string = QueryShape> {
  shape: S;
  /** 'category+price', 'gender', '' …: which filters the call sets. */
  filters: string;
  args: A;
}

export interface Workload {
  products: WorkloadCall<ProductSearchArgs>[];
  blogs: WorkloadCall<BlogSearchArgs>[];
}

const STOP_WORDS = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'for', 'from', 'in', 'into', 'is', 'it', 'its', 'of', 'on',
  'or', 'so', 'that', 'the', 'their', 'them', 'this', 'to', 'too', 'up', 'with', 'you', 'your', 'who', 'what',
]);

const wordsOf = (text: string) => text.toLowerCase().match(/[a-z][a-z'-]*[a-z]/g) ?? [];
const meaningful = (text: string) => wordsOf(text).filter((w) => w.length >= 3 && !STOP_WORDS.has(w));

/** A believable slip of the finger: a letter dropped, doubled, swapped with its neighbour or mistyped. */
function typo(r: Rng, word: string): string {
  const at = r.int(1, word.length - 2);
  switch (r.int(0, 3)) {
    case 0: return word.slice(0, at) + word.slice(at + 1);
    case 1: return word.slice(0, at) + word.charAt(at) + word.slice(at);
    case 2: return word.slice(0, at) + word.charAt(at + 1) + word.charAt(at) + word.slice(at + 2);
    default: return word.slice(0, at) + r.pick([...'aeiourstnl'].filter((c) => c !== word.charAt(at))) + word.slice(at + 1);
  }
}

function phrase(r: Rng, text: string): string {
  const words = wordsOf(text);
  if (words.length < 2) return words.join(' ');
  const length = Math.min(words.length, r.int(2, 3));
  const start = r.int(0, words.length - length);
  return words.slice(start, start + length).join(' ');
}

interface Vocabulary {
  names: string[];
  nameWords: string[];
  textWords: string[];
  categories: { id: string; name: string }[];
}

function query(r: Rng, v: Vocabulary): { shape: QueryShape; text: string } {
  const roll = r.next();
  if (roll < 0.25) return { shape: 'word', text: r.pick(r.chance(0.75) ? v.nameWords : v.textWords) };
  if (roll < 0.45) return { shape: 'phrase', text: phrase(r, r.pick(v.names)) };
  if (roll < 0.58) {
    const fixed = r.chance(0.3);
    const word = r.pick(v.nameWords.filter((w) => w.length >= 5));
    return { shape: 'prefix', text: fixed ? r.pick(FIXED_PREFIXES) : word.slice(0, r.int(3, Math.min(6, word.length - 1))) };
  }
  if (roll < 0.71) {
    const fixed = r.chance(0.2);
    return { shape: 'typo', text: fixed ? r.pick(FIXED_TYPOS) : typo(r, r.pick(v.nameWords.filter((w) => w.length >= 6))) };
  }
  if (roll < 0.93) return { shape: 'name', text: r.pick(v.names) };
  return { shape: 'category', text: r.pick(v.categories).name };
}

/** Pages 1–3, most searches stopping at the first. */
const page = (r: Rng) => PAGE_SIZE * [0, 0, 0, 0, 0, 0, 1, 1, 1, 2][r.int(0, 9)]!;

async function vocabulary(db: Queryable, names: string, texts: string, categoryType: string): Promise<Vocabulary> {
  const nameRows = (await db.query<{ text: string }>(names)).rows.map((r) => r.text);
  const textRows = (await db.query<{ text: string }>(texts)).rows.map((r) => r.text);
  const categories = (await db.query<{ id: string; name: string }>(
    'select id, name from public.categories where visible and $1 = any (type) order by name',
    [categoryType],
  )).rows;
  return {
    names: nameRows,
    nameWords: [...new Set(nameRows.flatMap(meaningful))].sort(),
    textWords: [...new Set(textRows.flatMap(meaningful))].sort(),
    categories,
  };
}

const productVocabulary = (db: Queryable) => vocabulary(
  db,
  'select name as text from public.products order by md5(id::text) limit 3000',
  `select concat_ws(' ', description, tagline) as text from public.products order by md5(id::text) limit 1000`,
  'product',
);

export async function buildWorkload(db: Queryable, calls: number): Promise<Workload> {
  const products = await productVocabulary(db);
  const blogs = await vocabulary(
    db,
    'select title as text from public.blogs order by id',
    `select concat_ws(' ', excerpt, left(content, 2000)) as text from public.blogs order by id`,
    'blog',
  );
  const prices = (await db.query<{ p: number[] }>(
    `select percentile_cont(array[0.1, 0.25, 0.5, 0.75, 0.9]) within group (order by price)::float8[] as p
       from public.products`,
  )).rows[0]?.p ?? [];
  if (products.names.length === 0 || blogs.names.length === 0 || prices.length < 5) {
    throw new Error('buildWorkload: the catalogue has no products, blogs or prices to draw queries from');
  }
  const round = (n: number) => Math.round(n);

  const r = seeded('bench:search:products');
  const productCalls = Array.from({ length: calls }, (): WorkloadCall<ProductSearchArgs> => {
    const { shape, text } = query(r, products);
    const args: ProductSearchArgs = { search_query: text, result_limit: PAGE_SIZE, result_offset: page(r) };
    const filters: string[] = [];
    if (r.chance(0.2)) { args.category_filter = r.pick(products.categories).id; filters.push('category'); }
    if (r.chance(0.25)) { args.gender_filter = r.pick(GENDERS); filters.push('gender'); }
    if (r.chance(0.2)) {
      const low = r.chance(0.5);
      const high = r.chance(low ? 0.5 : 1);
      if (low) args.price_min = round(prices[r.int(0, 2)]!);
      if (high) args.price_max = round(prices[r.int(2, 4)]!);
      filters.push('price');
    }
    args.sort_by = SORTS[r.weighted([55, 15, 15, 15])]!;
    return { shape, filters: filters.join('+'), args };
  });

  const b = seeded('bench:search:blogs');
  const blogCalls = Array.from({ length: calls }, (): WorkloadCall<BlogSearchArgs> => {
    const { shape, text } = query(b, blogs);
    const args: BlogSearchArgs = { search_query: text, result_limit: PAGE_SIZE, result_offset: page(b) };
    const filters: string[] = [];
    if (b.chance(0.2)) { args.category_filter = b.pick(blogs.categories).id; filters.push('category'); }
    if (b.chance(0.25)) { args.gender_filter = b.pick(GENDERS); filters.push('gender'); }
    return { shape, filters: filters.join('+'), args };
  });

  return { products: productCalls, blogs: blogCalls };
}

// ---------------------------------------------------------------------------------------------
// Facet counts
// ---------------------------------------------------------------------------------------------

/** product_facets' arguments, as the /products island and the category pages' links send them. */
export interface FacetArgs {
  category_filter?: string;
  subcategory_filter?: string;
  gender_filter?: string;
  price_min?: number;
  price_max?: number;
  price_drops_only?: boolean;
}

export type FacetShape =
  | 'no filter' | 'category' | 'category+subcategory' | 'audience' | 'price bucket' | 'price drops' | 'three or more filters'
  | 'other price range';

/** The spec's price buckets (up to $50, $50 to $250, $250 to $450, $450 and up), as the filter links set them. */
const BUCKETS: [number | undefined, number | undefined][] = [[undefined, 50], [50, 250], [250, 450], [450, undefined]];

/**
 * Filter states as shoppers reach them on /products and from the category pages' see-more links:
 * mostly one or two filters chosen from the panel (a category, then maybe a subcategory, an
 * audience, a price bucket, 'Price drops'), some with three or more, a few with no filter (another
 * sort of the whole list), and one in fifty an edited address with a price range that is not a
 * bucket (which the cells cannot answer: the slow path).
 */
export async function buildFacetWorkload(db: Queryable, calls: number): Promise<WorkloadCall<FacetArgs, FacetShape>[]> {
  const categories = (await db.query<{ id: string; subcategories: string[] }>(`
    select c.id, array(select s.id::text from public.subcategories s where s.category_id = c.id order by s.name) as subcategories
    from public.categories c where c.visible and 'product' = any (c.type) order by c.name`)).rows;
  if (categories.length === 0) throw new Error('buildFacetWorkload: the catalogue has no visible product categories');

  const r = seeded('bench:search:facets');
  return Array.from({ length: calls }, (): WorkloadCall<FacetArgs, FacetShape> => {
    const args: FacetArgs = {};
    const category = r.pick(categories);
    const chooseCategory = () => { args.category_filter = category.id; };
    const chooseSubcategory = () => { if (category.subcategories.length > 0) args.subcategory_filter = r.pick(category.subcategories); };
    const chooseAudience = () => { args.gender_filter = r.pick(['for_him', 'for_her'] as const); };
    const chooseBucket = () => {
      const [min, max] = r.pick(BUCKETS);
      if (min !== undefined) args.price_min = min;
      if (max !== undefined) args.price_max = max;
    };
    const chooseDrops = () => { args.price_drops_only = true; };
    let shape: FacetShape;
    switch (r.weighted([5, 25, 12, 12, 12, 6, 26, 2])) {
      case 0: shape = 'no filter'; break;
      case 1: shape = 'category'; chooseCategory(); break;
      case 2: shape = 'category+subcategory'; chooseCategory(); chooseSubcategory(); break;
      case 3: shape = 'audience'; chooseAudience(); break;
      case 4: shape = 'price bucket'; chooseBucket(); break;
      case 5: shape = 'price drops'; chooseDrops(); break;
      case 6: {
        shape = 'three or more filters';
        chooseCategory();
        const others = r.sample([chooseSubcategory, chooseAudience, chooseBucket, chooseDrops], r.int(2, 3));
        for (const choose of others) choose();
        break;
      }
      default: {
        shape = 'other price range';
        args.price_min = r.int(1, 60);
        args.price_max = args.price_min + r.int(5, 200);
        if (r.chance(0.5)) chooseCategory();
      }
    }
    const filters = [...new Set(Object.keys(args).map((key) => key.replace(/_filter$|_only$|_min$|_max$/, '')))].join('+');
    return { shape, filters, args };
  });
}

// ---------------------------------------------------------------------------------------------
// Suggestions
// ---------------------------------------------------------------------------------------------

/** What the header's search box asks suggestions for: the text typed so far, as it sends it. */
export interface SuggestionArgs {
  term: string;
}

export type SuggestionShape = 'word start' | 'name start' | 'category' | 'typo';

/**
 * Text as a shopper types it into the search box, caught at any keystroke from the second
 * character on (searchTerm: trimmed, lower case): the start of a word of a product name
 * ('he', 'headp'), a product name typed past its first word ('bright mea'), the start of a
 * category name, and a word with a slip of the finger ('hedpho'), which may match no name at
 * all — the case that has to look at every name.
 */
export async function buildSuggestionWorkload(db: Queryable, calls: number): Promise<WorkloadCall<SuggestionArgs, SuggestionShape>[]> {
  const products = await productVocabulary(db);
  const r = seeded('bench:search:suggestions');
  const namesOfTwoWords = products.names.filter((n) => n.includes(' '));
  const longWords = products.nameWords.filter((w) => w.length >= 6);
  /** The text up to a keystroke at least `from` characters in. */
  const typedSoFar = (text: string, from: number) => text.slice(0, r.int(Math.min(from, text.length), text.length));
  const draw = (): { shape: SuggestionShape; text: string } => {
    switch (r.weighted([45, 30, 10, 15])) {
      case 0: return { shape: 'word start', text: typedSoFar(r.pick(products.nameWords), 2) };
      case 1: {
        const name = r.pick(namesOfTwoWords);
        return { shape: 'name start', text: typedSoFar(name, name.indexOf(' ') + 2) };
      }
      case 2: return { shape: 'category', text: typedSoFar(r.pick(products.categories).name, 2) };
      default: return { shape: 'typo', text: typedSoFar(typo(r, r.pick(longWords)), 4) };
    }
  };
  return Array.from({ length: calls }, (): WorkloadCall<SuggestionArgs, SuggestionShape> => {
    for (;;) {
      const { shape, text } = draw();
      const term = searchTerm(text);
      if (term !== null) return { shape, filters: '', args: { term } };
    }
  });
}
