/** What every admin room's reads share: paging past PostgREST's row cap, and the product text search. */

/** Rows per request: hosted PostgREST answers at most 1,000 rows unless asked for a range. */
const PAGE_ROWS = 1000;

/** Every row of a read, a page of 1,000 at a time. */
export async function allPages<T>(name: string, page: (from: number, to: number) => PromiseLike<{ data: T[] | null; error: unknown }>): Promise<T[]> {
  const rows: T[] = [];
  for (let from = 0; ; from += PAGE_ROWS) {
    const { data, error } = await page(from, from + PAGE_ROWS - 1);
    if (error) throw new Error(name, { cause: error });
    rows.push(...(data ?? []));
    if (!data || data.length < PAGE_ROWS) return rows;
  }
}

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
