/**
 * Reading a whole table through the API. Hosted Supabase answers at most 1,000 rows to one request
 * (its "max rows" setting) and says nothing about the rest, so a read that wants every row asks
 * page after page, in an order that gives every row exactly one place.
 */

/** The most rows one API request answers (hosted Supabase's default "max rows"). */
export const API_MAX_ROWS = 1000;

/**
 * Every row of a read, one page of `API_MAX_ROWS` after another until a page comes back short.
 * `page` asks for rows `from`..`to` of a query with a total order (end it with a unique column).
 */
export async function allRows<T>(
  name: string,
  page: (from: number, to: number) => PromiseLike<{ data: T[] | null; error: unknown }>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let from = 0; ; from += API_MAX_ROWS) {
    const { data, error } = await page(from, from + API_MAX_ROWS - 1);
    if (error) throw new Error(name, { cause: error });
    rows.push(...(data ?? []));
    if (!data || data.length < API_MAX_ROWS) return rows;
  }
}

/** Where a row's change sits in the order of changes (lib/sync-loader.ts): oldest first, ties by id. */
export interface ChangeMark {
  id: string;
  /** updated_at, as the API wrote it. */
  updatedAt: string;
}

/** A supabase-js query that can be narrowed further (a filter builder). */
interface Narrowable<Q> {
  gt(column: string, value: unknown): Q;
  gte(column: string, value: unknown): Q;
  or(filters: string): Q;
}

/**
 * `query` narrowed to the rows changed after `cursor` (all when undefined) and, within those, to
 * the changes after `after` (from the first when undefined): pages are read from the last change
 * of the page before, not by offset, so a row changed or deleted while the sync reads shifts no
 * other row past a page's edge. The `gte` adds nothing to the `or` but lets the database start at
 * that change in its updated_at index.
 */
export function changesAfter<Q extends Narrowable<Q>>(query: Q, cursor: string | undefined, after: ChangeMark | undefined): Q {
  const since = cursor ? query.gt('updated_at', cursor) : query;
  if (!after) return since;
  const at = `"${after.updatedAt}"`;
  return since.gte('updated_at', after.updatedAt).or(`updated_at.gt.${at},and(updated_at.eq.${at},id.gt."${after.id}")`);
}
