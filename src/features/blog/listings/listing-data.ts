/**
 * The blog list's runtime reads. BlogListing loads this module (and supabase-js with it) only when
 * the address or the shopper asks for more than the prebuilt first page.
 */
import { browserDb } from '../../../lib/supabase.ts';
import { LISTING_PAGE_SIZE } from '../../catalog/core/paging.ts';
import { isRowId, type BlogFilters } from '../../catalog/listings/listing.ts';
import { blogCardData, type BlogCardData } from '../cards/card.ts';
import { blogPage, blogsByIds, popularBlogListingPage } from '../core/queries.ts';

export interface BlogListPage {
  blogs: BlogCardData[];
  total: number;
}

/**
 * One page of /blogs for a filter state: newest first from the blogs table, or (sort popular, the
 * default) a page of last week's ranking, the unclicked articles after the clicked ones, newest
 * first, read in rank order.
 */
export async function readBlogPage(filters: BlogFilters): Promise<BlogListPage> {
  // No category has such an id, and the database would refuse the read (400) rather than find nothing.
  if (filters.category !== null && !isRowId(filters.category)) return { blogs: [], total: 0 };
  const db = browserDb();
  const query = {
    categoryId: filters.category ?? undefined,
    gender: filters.gender ?? undefined,
    page: filters.page,
    perPage: LISTING_PAGE_SIZE,
  };
  if (filters.sortBy === 'newest') {
    const page = await blogPage(db, query);
    return { blogs: page.blogs.map(blogCardData), total: page.total };
  }
  const ranked = await popularBlogListingPage(db, query);
  // Past the last page the ranking has no rows, so no total: ask the first row for it.
  const total = ranked.ids.length === 0 && filters.page > 1
    ? (await popularBlogListingPage(db, { ...query, page: 1, perPage: 1 })).total
    : ranked.total;
  const blogs = await blogsByIds(db, ranked.ids);
  return { blogs: blogs.map(blogCardData), total };
}
