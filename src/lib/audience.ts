/**
 * Audiences: who a product, blog or category is for (spec: for_him 'For Him', for_her 'For Her',
 * for_both 'For Both'). The filter sets are the SQL function public.audience_set's, so a list
 * built here and one built by the database agree. Plain constants and functions: islands import
 * them without pulling in the catalogue's schemas.
 */
export const GENDERS = ['for_him', 'for_her', 'for_both'] as const;
export type Gender = (typeof GENDERS)[number];

export const GENDER_LABELS: Record<Gender, string> = {
  for_him: 'For Him',
  for_her: 'For Her',
  for_both: 'For Both',
};

/** The form field that sets an audience (spec: labelled 'Target Audience'). */
export const AUDIENCE_FIELD_LABEL = 'Target Audience';

/** The audience choices in the order the filters show them: For Both, For Him, For Her. */
export const AUDIENCE_OPTIONS: readonly { value: Gender; label: string }[] = (
  ['for_both', 'for_him', 'for_her'] as const
).map((value) => ({ value, label: GENDER_LABELS[value] }));

/** Audience filter set (spec: for_him → for_him + for_both; for_her → for_her + for_both; other → for_both). */
export function audienceSet(gender: string | null | undefined): Gender[] {
  if (gender === 'for_him' || gender === 'for_her') return [gender, 'for_both'];
  return ['for_both'];
}

/** The categories a page for `gender` lists (spec: that audience plus for_both; any other value only for_both). */
export function audienceCategories<C extends { gender: Gender }>(categories: readonly C[], gender: string): C[] {
  const audiences = audienceSet(gender);
  return categories.filter((c) => audiences.includes(c.gender));
}

/** Gender URL value (spec: for_him, for_her or for_both); anything else is no gender. */
export function parseGender(value: string | null | undefined): Gender | null {
  return GENDERS.find((gender) => gender === value) ?? null;
}

/** Page audience from the path or ?gender (spec: default for_both). */
export function pageGender(value: string | null | undefined): Gender {
  return parseGender(value) ?? 'for_both';
}

/** Audience label (spec: 'For Him', 'For Her', 'For Both'). */
export function genderLabel(gender: Gender): string {
  return GENDER_LABELS[gender];
}
