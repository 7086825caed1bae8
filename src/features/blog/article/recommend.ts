/**
 * Recommended Blogs under an article: four candidate lists scored, merged, sorted and spread over
 * categories.
 *
 * Title similarity is 0–100: the unique words longer than 3 characters two titles share, as a
 * percentage of the larger number of such words in either title (0 when neither has any).
 */

/** Recommended blogs shown (spec: default 4). */
export const RECOMMENDED_BLOGS = 4;

export interface RecommendableBlog {
  id: string;
  title: string;
  categoryId: string | null;
  publishDate: string;
}

export interface ClickRankedBlog extends RecommendableBlog {
  lastWeekClicks: number;
}

export interface RecommendationCandidates<B extends RecommendableBlog> {
  sameCategory: readonly B[];
  clickRanked: readonly (B & ClickRankedBlog)[];
  featured: readonly B[];
  relatedCategory: readonly B[];
}

/** Candidate query sizes (spec: 3 × the count for same-category and click-ranked, 2 × for featured and related-category). */
export function recommendationFetchSizes(count: number = RECOMMENDED_BLOGS) {
  return { sameCategory: 3 * count, clickRanked: 3 * count, featured: 2 * count, relatedCategory: 2 * count };
}

/** Title similarity (spec: percentage of shared words longer than 3 characters over the larger word count). */
export function titleSimilarity(a: string, b: string): number {
  const wordsA = longWords(a);
  const wordsB = longWords(b);
  const larger = Math.max(wordsA.size, wordsB.size);
  if (larger === 0) return 0;
  return (100 * [...wordsA].filter((word) => wordsB.has(word)).length) / larger;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const RECENCY_STEPS: readonly [maxDays: number, score: number][] = [[7, 100], [30, 80], [90, 60], [180, 40]];

/** Recency by age in days (spec: ≤7 → 100, ≤30 → 80, ≤90 → 60, ≤180 → 40, older 20). */
export function recencyScore(publishDate: string, now: Date): number {
  const ageDays = (now.getTime() - new Date(publishDate).getTime()) / DAY_MS;
  if (Number.isNaN(ageDays)) return 20;
  return RECENCY_STEPS.find(([maxDays]) => ageDays <= maxDays)?.[1] ?? 20;
}

/** Same-category candidate (spec: 100 + 0.3 × similarity + 0.2 × recency). */
export function sameCategoryScore(current: RecommendableBlog, blog: RecommendableBlog, now: Date): number {
  return 100 + 0.3 * titleSimilarity(current.title, blog.title) + 0.2 * recencyScore(blog.publishDate, now);
}

/** Click-ranked candidate (spec: 80 + min(2 × last_week, 50) + 0.2 × similarity + 0.1 × recency + 20 if same category). */
export function clickRankedScore(current: RecommendableBlog, blog: ClickRankedBlog, now: Date): number {
  return (
    80 +
    Math.min(2 * blog.lastWeekClicks, 50) +
    0.2 * titleSimilarity(current.title, blog.title) +
    0.1 * recencyScore(blog.publishDate, now) +
    (sameCategory(current, blog) ? 20 : 0)
  );
}

/** Featured candidate (spec: 70 + 30 if same category + 0.3 × similarity + 0.2 × recency). */
export function featuredScore(current: RecommendableBlog, blog: RecommendableBlog, now: Date): number {
  return (
    70 +
    (sameCategory(current, blog) ? 30 : 0) +
    0.3 * titleSimilarity(current.title, blog.title) +
    0.2 * recencyScore(blog.publishDate, now)
  );
}

/** Related-category candidate (spec: 50 + 0.4 × similarity + 0.3 × recency). */
export function relatedCategoryScore(current: RecommendableBlog, blog: RecommendableBlog, now: Date): number {
  return 50 + 0.4 * titleSimilarity(current.title, blog.title) + 0.3 * recencyScore(blog.publishDate, now);
}

/** Recommended Blogs (spec: four candidate scores, a blog keeps its best, never the current one, category diversity, default 4). */
// Equal scores keep the order the candidates arrived in.
export function recommendBlogs<B extends RecommendableBlog>(
  current: RecommendableBlog,
  candidates: RecommendationCandidates<B>,
  now: Date,
  count: number = RECOMMENDED_BLOGS,
): B[] {
  const scored: { blog: B; score: number }[] = [
    ...candidates.sameCategory.map((blog) => ({ blog, score: sameCategoryScore(current, blog, now) })),
    ...candidates.clickRanked.map((blog) => ({ blog, score: clickRankedScore(current, blog, now) })),
    ...candidates.featured.map((blog) => ({ blog, score: featuredScore(current, blog, now) })),
    ...candidates.relatedCategory.map((blog) => ({ blog, score: relatedCategoryScore(current, blog, now) })),
  ];
  const best = new Map<string, { blog: B; score: number }>();
  for (const entry of scored) {
    if (entry.blog.id === current.id) continue;
    const known = best.get(entry.blog.id);
    if (!known || entry.score > known.score) best.set(entry.blog.id, entry);
  }
  const ranked = [...best.values()].sort((a, b) => b.score - a.score).map(({ blog }) => blog);
  return spreadOverCategories(ranked, count);
}

/** Diversity (spec: no more than ceil(n/2) per category, then the list is filled from the rest). */
export function spreadOverCategories<B extends Pick<RecommendableBlog, 'categoryId'>>(ranked: readonly B[], count: number): B[] {
  const cap = Math.ceil(count / 2);
  const perCategory = new Map<string | null, number>();
  const chosen: B[] = [];
  const skipped: B[] = [];
  for (const blog of ranked) {
    const taken = perCategory.get(blog.categoryId) ?? 0;
    if (chosen.length < count && taken < cap) {
      chosen.push(blog);
      perCategory.set(blog.categoryId, taken + 1);
    } else skipped.push(blog);
  }
  return [...chosen, ...skipped].slice(0, count);
}

/** Related-category map (spec: eight categories, 3 related each; the members are this shop's choice among its category names). */
export const RELATED_CATEGORIES: Readonly<Record<string, readonly [string, string, string]>> = {
  'Travel Essentials': ['World Explorer', 'Digital Nomad', 'Outdoor Adventurer'],
  'Tech Enthusiast': ['Tech Savvy', 'Digital Nomad', 'Game Mode'],
  'World Explorer': ['Travel Essentials', 'Outdoor Adventurer', 'Digital Nomad'],
  'Outdoor Adventurer': ['Nature Unleashed', 'World Explorer', 'Fitness Enthusiast'],
  'Digital Nomad': ['Travel Essentials', 'Tech Enthusiast', 'The Workaholic'],
  'Fitness Enthusiast': ['Personal Fitness', 'Sports Central', 'Outdoor Adventurer'],
  'Home & Living': ['Culinary Crew', 'Crafts & Pottery', 'Has Everything'],
  'Fashion & Style': ['Beauty, Skin & Hair', 'Artists & Designers', 'Has Everything'],
};

/** Related categories of a blog category, by name (case-insensitive); none for categories outside the map. */
export function relatedCategoryNames(categoryName: string): string[] {
  const key = Object.keys(RELATED_CATEGORIES).find((name) => name.toLowerCase() === categoryName.trim().toLowerCase());
  return key ? [...(RELATED_CATEGORIES[key] ?? [])] : [];
}

function sameCategory(a: RecommendableBlog, b: RecommendableBlog): boolean {
  return a.categoryId !== null && a.categoryId === b.categoryId;
}

function longWords(title: string): Set<string> {
  return new Set(title.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 3));
}
