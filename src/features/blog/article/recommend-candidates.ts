/**
 * The four candidate lists recommendBlogs() scores, picked from the build's blog library and the
 * weekly click ranking instead of four database queries.
 */
import {
  recommendationFetchSizes, relatedCategoryNames, RECOMMENDED_BLOGS,
  type RecommendableBlog, type RecommendationCandidates,
} from './recommend.ts';

export interface CandidateSources<B> {
  /** Every blog, newest first. */
  blogs: readonly B[];
  /** Blogs by last week's clicks, most clicked first. */
  lastWeekClicks: readonly { id: string; clicks: number }[];
  /** The current blog's category name, for the related-category map. */
  categoryName: string | null;
  /** A category's id from its name. */
  categoryId: (name: string) => string | undefined;
}

/** Recommended-blog candidates (spec: same category, top by last_week clicks excluding the current one, featured, related categories; 3 × and 2 × the count). */
export function recommendationCandidates<B extends RecommendableBlog & { featured: boolean }>(
  current: Pick<B, 'id' | 'categoryId'>,
  sources: CandidateSources<B>,
  count: number = RECOMMENDED_BLOGS,
): RecommendationCandidates<B> {
  const sizes = recommendationFetchSizes(count);
  const others = sources.blogs.filter((b) => b.id !== current.id);
  const byId = new Map(others.map((b) => [b.id, b]));
  const related = new Set(
    relatedCategoryNames(sources.categoryName ?? '').flatMap((name) => sources.categoryId(name) ?? []),
  );
  return {
    sameCategory: current.categoryId === null ? [] : others.filter((b) => b.categoryId === current.categoryId).slice(0, sizes.sameCategory),
    clickRanked: sources.lastWeekClicks
      .flatMap(({ id, clicks }) => {
        const blog = byId.get(id);
        return blog ? [{ ...blog, lastWeekClicks: clicks }] : [];
      })
      .slice(0, sizes.clickRanked),
    featured: others.filter((b) => b.featured).slice(0, sizes.featured),
    relatedCategory: others.filter((b) => b.categoryId !== null && related.has(b.categoryId)).slice(0, sizes.relatedCategory),
  };
}
