/**
 * The audiences as plain constants, without the schemas of model.ts: islands import these, and
 * model.ts (which builds zod schemas) would add about 24 KB gzipped to their JavaScript.
 */
export const GENDERS = ['for_him', 'for_her', 'for_both'] as const;
export type Gender = (typeof GENDERS)[number];

export const GENDER_LABELS: Record<Gender, string> = {
  for_him: 'For Him',
  for_her: 'For Her',
  for_both: 'For Both',
};
