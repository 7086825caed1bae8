/** What every admin room's reads share: the product text search. (Paging past the API's row cap is lib/all-rows.ts.) */

/**
 * The PostgREST ilike pattern, double-quoted for an or=() filter, for text containing `term`:
 * the term's own % and _ match themselves, and its quotes and backslashes cannot end the value.
 * PostgREST reads every * as %, so a * in the term matches any one character.
 */
export function containsPattern(term: string): string {
  const like = term.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '_');
  return `"*${like.replace(/[\\"]/g, (c) => `\\${c}`)}*"`;
}

/** The or=() filter for a product whose name or description contains `term` (spec: admin search on name or description text). */
export function nameOrDescriptionContains(term: string): string {
  const pattern = containsPattern(term);
  return `name.ilike.${pattern},description.ilike.${pattern}`;
}
