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
