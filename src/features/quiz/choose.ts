/** Which saved quiz a quiz page shows, and where its results link to. */
import type { Category, Gender } from '../catalog/core/model.ts';
import { GENDERS } from '../../lib/audience.ts';
import { categoryHref } from '../../lib/links.ts';
import type { ResultLink } from './Quiz.tsx';
import { categoryFor, PERSONALITIES, type Personality } from './scoring.ts';

interface Chooseable {
  gender: Gender;
  updatedAt: string;
}

/** The quiz for an audience page: the newest for that audience, else the newest for both, else the newest. */
export function quizForAudience<Q extends Chooseable>(quizzes: readonly Q[], gender: Gender): Q | undefined {
  const newest = [...quizzes].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return newest.find((q) => q.gender === gender) ?? newest.find((q) => q.gender === 'for_both') ?? newest[0];
}

/** The quiz pages (one per audience) that show each quiz, by quiz id: a quiz no page shows has no entry. */
export function quizPagesShowing(quizzes: readonly (Chooseable & { id: string })[]): Map<string, Gender[]> {
  const shownOn = new Map<string, Gender[]>();
  for (const gender of GENDERS) {
    const shown = quizForAudience(quizzes, gender);
    if (shown) shownOn.set(shown.id, [...(shownOn.get(shown.id) ?? []), gender]);
  }
  return shownOn;
}

/** Each personality's result link: its category page, or the default personality's (spec). */
export function resultLinks(categories: readonly Pick<Category, 'id' | 'name' | 'personality'>[]): Record<Personality, ResultLink> {
  const ids: Partial<Record<Personality, string>> = {};
  for (const c of categories) if (c.personality) ids[c.personality as Personality] = c.id;
  const byId = new Map(categories.map((c) => [c.id, c]));
  return Object.fromEntries(
    PERSONALITIES.map((p) => {
      const category = byId.get(categoryFor(p, ids) ?? '');
      return [p, category ? { name: category.name, href: categoryHref(category.id, category.name) } : { name: 'Browse all gifts', href: '/products' }];
    }),
  ) as Record<Personality, ResultLink>;
}
