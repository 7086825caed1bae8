/**
 * The prebuilt pages of the blog category listings: every visible blog category, for each
 * audience, every page of 9. A page's structured data lists 10 (spec): its 9 and the next one.
 */
import { catalogue } from '../../catalog/core/catalogue.ts';
import { GENDERS, type Category, type Gender } from '../../catalog/core/model.ts';
import { blogLibrary } from '../core/library.ts';
import type { Blog } from '../core/model.ts';
import { MAX_LISTED_ITEMS } from '../../seo/structured-data.ts';
import { BLOG_CATEGORY_PAGE_SIZE, pageCount, pageItems } from './pagination.ts';

// A type alias, not an interface, so it can be a page's props (an index-signature type).
export type CategoryListingPage = {
  category: Category;
  gender: Gender;
  page: number;
  pages: number;
  blogs: Blog[];
  /** The articles its structured data lists: the page's own, then the next page's first. */
  listed: Blog[];
};

export async function blogCategoryPages(): Promise<CategoryListingPage[]> {
  const shop = await catalogue();
  const library = await blogLibrary();
  return shop.blogCategories.flatMap((category) =>
    GENDERS.flatMap((gender) => {
      const inCategory = library.blogsIn(category.id, gender);
      const pages = pageCount(inCategory.length);
      return Array.from({ length: pages }, (_, i) => ({
        category,
        gender,
        page: i + 1,
        pages,
        blogs: pageItems(inCategory, i + 1),
        listed: inCategory.slice(i * BLOG_CATEGORY_PAGE_SIZE, i * BLOG_CATEGORY_PAGE_SIZE + MAX_LISTED_ITEMS),
      }));
    }),
  );
}
