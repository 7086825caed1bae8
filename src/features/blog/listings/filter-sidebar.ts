/**
 * Which lists of the /blogs filter sidebar are open (spec: Filter sidebar (blogs)). The gender is
 * as the listing holds it: null is the empty value, which means for_both.
 */
import type { Gender } from '../../../lib/audience.ts';

export interface OpenLists {
  categories: boolean;
  gender: boolean;
}

/** On arrival: the Categories list is open when neither a category nor a gender is chosen; the Gender list is open. */
export function openListsFor(filters: { category: string | null; gender: Gender | null }): OpenLists {
  return { categories: !filters.category && !genderChosen(filters.gender), gender: true };
}

/** Choosing a category closes the Categories list. */
export function afterCategoryChosen(lists: OpenLists): OpenLists {
  return { ...lists, categories: false };
}

/** Clearing the category reopens the Categories list if no gender is set. */
export function afterCategoryCleared(lists: OpenLists, gender: Gender | null): OpenLists {
  return genderChosen(gender) ? lists : { ...lists, categories: true };
}

/** Choosing a gender (For Both included) closes the Gender list. */
export function afterGenderChosen(lists: OpenLists): OpenLists {
  return { ...lists, gender: false };
}

/** The gender the sidebar marks as chosen: the empty value means for_both. */
export function shownGender(gender: Gender | null): Gender {
  return gender ?? 'for_both';
}

function genderChosen(gender: Gender | null): boolean {
  return gender !== null && gender !== 'for_both';
}
