/**
 * Audiences: who a product, blog or category is for. The same filter sets as the SQL function
 * public.audience_set, so a list built here and one built by the database agree.
 */
import { GENDERS, GENDER_LABELS, type Gender } from './gender.ts';

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
