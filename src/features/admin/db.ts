/** What every admin room's reads share. */

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
