/**
 * The /blogs island (spec: Blogs page). Its first render is the prebuilt first page (most popular,
 * no filters) with every filter as a plain link. Once hydrated it reads the address and, when that
 * asks for anything else, loads the page at run time (supabase-js is loaded only then). The filter
 * sidebar opens and closes its lists by the rules of filter-sidebar.ts.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { buttonVariants } from '../../../components/ui/button.ts';
import { createQuery } from '../../../lib/query-cache.ts';
import { AUDIENCE_OPTIONS, type Gender, GENDER_LABELS } from '../../../lib/audience.ts';
import { withCategoryResolved } from '../../catalog/core/category-names.ts';
import { FilterLink, FilterList } from '../../catalog/listings/FilterLinks.tsx';
import { ListingResults, Notice, SortControl, follow, useListingPage, withErrorBoundary } from '../../catalog/listings/ListingParts.tsx';
import { BLOG_SORTS, SORT_LABELS, blogsHref, listingSummary, parseBlogFilters, withFilter, type BlogFilters } from '../../catalog/listings/listing.ts';
import { BlogCard } from '../cards/BlogCard.tsx';
import { afterCategoryChosen, afterCategoryCleared, afterGenderChosen, openListsFor, shownGender, type OpenLists } from './filter-sidebar.ts';
import type { BlogListPage } from './listing-data.ts';

export interface BlogFilterCategory {
  id: string;
  name: string;
}

interface Props {
  /** Visible blog categories, by name. */
  categories: BlogFilterCategory[];
  /** The prebuilt first page: most popular, no filters. */
  firstPage: BlogListPage;
}

const BLOGS = { one: 'blog', many: 'blogs' };
/** The first blogs of a page form a two-column list; the rest a four-column grid. */
const LISTED = 4;

// The reader loads with supabase-js on the first read, not with the island.
const blogPages = createQuery(async (filters: BlogFilters) => (await import('./listing-data.ts')).readBlogPage(filters));

export default withErrorBoundary(Listing);

function Listing({ categories, firstPage }: Props) {
  // An address may give the category by name, as older links do: it reads as that category's id.
  const parse = useCallback((params: URLSearchParams) => withCategoryResolved(parseBlogFilters(params), categories), [categories]);
  const listing = useListingPage(parse, blogsHref, blogPages, firstPage);
  const { defaults, filters, change, addressRead, view } = listing;

  const [filtersShown, setFiltersShown] = useState(true);
  const [lists, setLists] = useState<OpenLists>(() => openListsFor(defaults));
  // The lists start as the address's filters say; from then on the shopper's choices move them.
  useEffect(() => {
    if (addressRead) setLists(openListsFor(filters));
    // Only when the address has been read, not on every later change.
  }, [addressRead]);

  const category = categories.find((c) => c.id === filters.category);
  const categoryOf = (id: string | null) => categories.find((c) => c.id === id);
  const chooseCategory = (id: string | null) => {
    change(withFilter(filters, { category: id }));
    setLists((open) => (id ? afterCategoryChosen(open) : afterCategoryCleared(open, filters.gender)));
  };
  const chooseGender = (gender: Gender) => {
    change(withFilter(filters, { gender }));
    setLists(afterGenderChosen);
  };
  const noFilters = { ...defaults, sortBy: filters.sortBy };

  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-ink md:text-4xl">{category?.name ?? 'All Blogs'}</h1>
        {category && (
          <button
            type="button"
            onClick={() => chooseCategory(null)}
            aria-label={`Remove category ${category.name}`}
            className="grid size-9 place-items-center rounded-full text-xl leading-none text-muted ring-1 ring-black/10 hover:bg-brand-50 hover:text-brand-700"
          >
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>

      <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-b border-black/5 pb-4">
        <button
          type="button"
          aria-expanded={filtersShown}
          aria-controls="blog-filters"
          onClick={() => setFiltersShown((shown) => !shown)}
          className="rounded-full border border-black/10 px-4 py-2 text-sm font-semibold text-ink hover:border-brand-500 hover:text-brand-700"
        >
          {filtersShown ? 'Hide Filters' : 'Show Filters'}
        </button>
        <p className="text-sm text-muted" data-prebuilt="">
          {view.status === 'ready' && view.data.total > 0 ? listingSummary(filters.page, view.data.total, BLOGS) : ''}
        </p>
        <SortControl id="blog-sort" sorts={BLOG_SORTS} labels={SORT_LABELS} value={filters.sortBy} onSort={(sortBy) => change(withFilter(filters, { sortBy }))} ready={addressRead} />
      </div>

      <div className="mt-6 lg:flex lg:items-start lg:gap-10">
        <aside id="blog-filters" hidden={!filtersShown} aria-labelledby="blog-filters-heading" className="mb-8 space-y-4 lg:mb-0 lg:w-60 lg:shrink-0">
          <h2 id="blog-filters-heading" className="text-lg font-bold text-ink">Filters</h2>
          <Collapsible
            id="blog-filter-categories"
            title="Categories"
            open={lists.categories}
            onToggle={() => setLists((open) => ({ ...open, categories: !open.categories }))}
            chosen={category?.name ?? 'All'}
          >
            <FilterLink href={blogsHref(withFilter(filters, { category: null }))} current={!filters.category} onChoose={() => chooseCategory(null)}>All</FilterLink>
            {categories.map((c) => (
              <FilterLink key={c.id} href={blogsHref(withFilter(filters, { category: c.id }))} current={c.id === filters.category} onChoose={() => chooseCategory(c.id)}>
                {c.name}
              </FilterLink>
            ))}
          </Collapsible>
          <Collapsible
            id="blog-filter-gender"
            title="Gender"
            open={lists.gender}
            onToggle={() => setLists((open) => ({ ...open, gender: !open.gender }))}
            chosen={GENDER_LABELS[shownGender(filters.gender)]}
          >
            {AUDIENCE_OPTIONS.map((option) => (
              <FilterLink
                key={option.value}
                href={blogsHref(withFilter(filters, { gender: option.value }))}
                current={shownGender(filters.gender) === option.value}
                onChoose={() => chooseGender(option.value)}
              >
                {option.label}
              </FilterLink>
            ))}
          </Collapsible>
        </aside>

        <div className="min-w-0 flex-1">
          <ListingResults
            items="blogs"
            listing={listing}
            empty={
              filters.category && !category ? (
                <Notice text="This category is no longer in the shop.">
                  <a href={blogsHref(noFilters)} onClick={follow(() => change(noFilters))} className={buttonVariants({ size: 'notice' })}>Show All Blogs</a>
                </Notice>
              ) : filters.category || filters.gender ? (
                <Notice text="No blogs match these filters.">
                  <a href={blogsHref(noFilters)} onClick={follow(() => change(noFilters))} className={buttonVariants({ size: 'notice' })}>Clear Filters</a>
                </Notice>
              ) : (
                <Notice text="No blogs yet." />
              )
            }
          >
            {(page) =>
              page.blogs.length === 0 ? null : (
                <div className="space-y-10">
                  <ul className="grid gap-4 md:grid-cols-2">
                    {page.blogs.slice(0, LISTED).map((blog) => (
                      <li key={blog.id}>
                        <BlogCard blog={blog} category={categoryOf(blog.categoryId)} variant="row" />
                      </li>
                    ))}
                  </ul>
                  {page.blogs.length > LISTED && (
                    <ul className={`grid gap-6 sm:grid-cols-2 ${filtersShown ? 'lg:grid-cols-3 xl:grid-cols-4' : 'lg:grid-cols-4'}`}>
                      {page.blogs.slice(LISTED).map((blog) => (
                        <li key={blog.id}>
                          <BlogCard blog={blog} category={categoryOf(blog.categoryId)} />
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )
            }
          </ListingResults>
        </div>
      </div>
    </>
  );
}

interface CollapsibleProps {
  id: string;
  title: string;
  open: boolean;
  onToggle: () => void;
  /** The choice, shown while the list is closed. */
  chosen?: string;
  children: ReactNode;
}

function Collapsible({ id, title, open, onToggle, chosen, children }: CollapsibleProps) {
  return (
    <section>
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={onToggle}
          className="flex w-full items-center justify-between rounded-lg py-1.5 text-sm font-semibold uppercase tracking-wide text-muted hover:text-ink"
        >
          {title}
          <svg className={`size-4 transition ${open ? 'rotate-180' : ''}`} viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
            <path fillRule="evenodd" d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06z" clipRule="evenodd" />
          </svg>
        </button>
      </h3>
      {!open && chosen && <p className="text-sm font-semibold text-brand-700">{chosen}</p>}
      <div id={id} hidden={!open} className="mt-2">
        <FilterList>{children}</FilterList>
      </div>
    </section>
  );
}
