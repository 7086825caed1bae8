/**
 * The search workload: what shoppers type, drawn from the catalogue's own words so every query
 * shape meets realistic match counts — single words, two- and three-word phrases, prefixes as
 * typed so far, typos, whole product names and category names — with the search page's filters
 * (category, audience, price range), each sort and the first three pages of 24.
 *
 * Deterministic: the same catalogue gives the same calls in the same order.
 */
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

export interface WorkloadCall<A> {
  shape: QueryShape;
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

export async function buildWorkload(db: Queryable, calls: number): Promise<Workload> {
  const products = await vocabulary(
    db,
    'select name as text from public.products order by md5(id::text) limit 3000',
    `select concat_ws(' ', description, tagline) as text from public.products order by md5(id::text) limit 1000`,
    'product',
  );
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
