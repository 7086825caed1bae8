/**
 * Everything a prebuilt blog article shows besides the blog itself: its category and author, the
 * body's segments with each embed's view, the read time, Recommended Blogs and the products to
 * explore. Built from the build's catalogue and blog library; last week's blog clicks are asked
 * of Supabase once per build.
 */
import { cacheKey } from '../../../lib/cache-key.ts';
import { productIdOfHref } from '../../../lib/links.ts';
import { buildDb } from '../../../lib/supabase.ts';
import { isNew } from '../../catalog/cards/new-badge.ts';
import { catalogue, type Catalogue } from '../../catalog/core/catalogue.ts';
import type { Category, Product } from '../../catalog/core/model.ts';
import { popularInCategory } from '../../catalog/core/popular-lists.ts';
import { shopperEmbedView, type EmbedView } from '../text/embeds.ts';
import { blogLibrary } from '../core/library.ts';
import { blogSegments, type BlogSegment } from '../text/markdown.ts';
import type { Blog } from '../core/model.ts';
import { popularBlogClicks } from '../core/queries.ts';
import { readTimeLabel, readTimeMinutes } from '../text/read-time.ts';
import { recommendationCandidates } from './recommend-candidates.ts';
import { recommendationFetchSizes, recommendBlogs } from './recommend.ts';

/** Products in the 'Explore {category}' grid under an article (spec: products under a blog 20). */
export const PRODUCTS_UNDER_BLOG = 20;

export interface ArticleAuthor {
  name: string;
  imageUrl: string | null;
  description: string | null;
}

export interface Article {
  category: Category | undefined;
  /** The category has a blog listing page to link to. */
  categoryListed: boolean;
  author: ArticleAuthor | null;
  segments: { segment: BlogSegment; embed: EmbedView | null }[];
  readTime: string;
  recommended: Blog[];
  products: Product[];
  /** The category has a product page for the products' see-more link. */
  productCategory: boolean;
}

let lastWeekClicks: Promise<{ id: string; clicks: number }[]> | undefined;

export async function article(blog: Blog): Promise<Article> {
  const shop = await catalogue();
  const library = await blogLibrary();
  const category = blog.categoryId ? shop.category(blog.categoryId) : undefined;
  const productCategory = category?.types.includes('product') ?? false;

  const writer = library.writer(blog.writerId);
  const author = writer
    ? { name: writer.name, imageUrl: writer.imageUrl, description: writer.description }
    : blog.author?.trim() ? { name: blog.author.trim(), imageUrl: null, description: null } : null;

  const found = { status: 'ready', product: (id: string) => shop.product(id) } as const;
  // A hand-written link to a product no longer in the shop shows as its text, not as a way to a 404.
  const productGone = (href: string) => {
    const id = productIdOfHref(href);
    return id !== null && !shop.product(id);
  };
  const segments = blogSegments(blog.content, { leadsNowhere: productGone }).map((segment) => ({
    segment,
    embed: segment.kind === 'html' ? null : shopperEmbedView(segment, found),
  }));

  // One more than needed: the ranking may include the article itself.
  lastWeekClicks ??= popularBlogClicks(buildDb(), { window: 'weekly', limit: recommendationFetchSizes().clickRanked + 1 });
  const byName = new Map(shop.categories.map((c) => [c.name.toLowerCase(), c.id]));
  const candidates = recommendationCandidates(blog, {
    blogs: library.blogs,
    lastWeekClicks: await lastWeekClicks,
    categoryName: category?.name ?? null,
    categoryId: (name) => byName.get(name.toLowerCase()),
  });

  // A blog-only category has no products; the products the article embeds stand in for them.
  const products = category && productCategory
    ? await popularInCategory(shop, category.id, { limit: PRODUCTS_UNDER_BLOG })
    : blog.productIds.flatMap((id) => shop.product(id) ?? []).slice(0, PRODUCTS_UNDER_BLOG);

  return {
    category,
    categoryListed: category !== undefined && shop.blogCategories.some((c) => c.id === category.id),
    author,
    segments,
    readTime: readTimeLabel(readTimeMinutes(blog.content)),
    recommended: recommendBlogs(blog, candidates, shop.now),
    products,
    productCategory,
  };
}

/**
 * An article page's cache key (lib/cache-key.ts): the blog, all the article shows, the NEW badges
 * of its product cards, the recommended blogs' categories and the header's category list.
 */
export function articleKey(blog: Blog, page: Article, shop: Catalogue): string {
  const { recommended, products } = page;
  // Field by field: the products and blogs in lists are digested once per build, not once per page.
  return cacheKey(
    blog,
    ...Object.values(page),
    products.map((p) => isNew(p.createdAt, shop.now)),
    recommended.map((b) => (b.categoryId ? shop.category(b.categoryId) : undefined)),
    shop.productCategories,
  );
}
