/**
 * Bulk writes for the seed: rows go over as one JSON parameter per chunk and are unpacked by
 * jsonb_to_recordset, so thousands of rows cost one round trip rather than thousands.
 */
import type { Queryable } from '../local/db.ts';

/** The SQL type of every column a row type has, e.g. { id: 'uuid', name: 'text' }. */
export type Columns<R> = { [K in keyof R & string]: string };

export async function insertRows<R extends object>(
  tx: Queryable, table: string, columns: Columns<R>, rows: R[], chunk = 5000,
): Promise<number> {
  const names = Object.keys(columns) as (keyof R & string)[];
  const list = names.join(', ');
  const types = names.map((name) => `${name} ${columns[name]}`).join(', ');
  const sql = `insert into ${table} (${list}) select ${list} from jsonb_to_recordset($1::jsonb) as x(${types})`;
  for (let i = 0; i < rows.length; i += chunk) {
    await tx.query(sql, [JSON.stringify(rows.slice(i, i + chunk))]);
  }
  return rows.length;
}

/**
 * Price history for every retailer of every product that has none yet: `samples` prices,
 * `everyDays` apart, the latest within the last two days. Each retailer's price sits a little
 * above or below the product's price and drifts slowly; the variation comes from hashes of the
 * product id, so it is the same on every run. So that the demo shows every price state, about one
 * product in five had its latest prices cut by 15% (a 'Price dropped N%' badge), and about one in
 * twenty-five has no price history at all ('No price history yet').
 */
export async function fillPriceHistory(
  tx: Queryable, now: Date, { samples, everyDays }: { samples: number; everyDays: number },
): Promise<number> {
  const result = await tx.query(
    `with unit as (
       -- a number in [-1, 1) from a text, stable across runs
       select p.id, p.price, link.platform, s.n,
              (('x' || substr(md5(p.id::text || link.platform || 'offset'), 1, 8))::bit(32)::int / 2147483648.0) as offset_,
              (('x' || substr(md5(p.id::text || link.platform || 'phase'), 1, 8))::bit(32)::int / 2147483648.0) as phase,
              (('x' || substr(md5(p.id::text || link.platform || s.n), 1, 8))::bit(32)::int / 2147483648.0) as noise
       from public.products p
       cross join lateral jsonb_to_recordset(p.affiliate_links) as link(platform text)
       cross join generate_series(0, $2::int - 1) as s(n)
       where not exists (select 1 from public.price_history h where h.product_id = p.id)
         and ('x' || substr(md5(p.id::text || 'untracked'), 1, 8))::bit(32)::int % 25 <> 0
     )
     insert into public.price_history (product_id, platform, price, scraped_at)
     select id, platform,
            round((price * (1 + 0.04 * offset_ + 0.03 * sin(n * 0.5 + 3 * phase) + 0.012 * noise)
                   * (case when n = 0 and ('x' || substr(md5(id::text || 'drop'), 1, 8))::bit(32)::int % 5 = 0 then 0.85 else 1 end))::numeric, 2),
            $1::timestamptz - make_interval(days => n * $3::int) - make_interval(hours => floor((phase + 1) * 20)::int)
     from unit`,
    [now.toISOString(), samples, everyDays],
  );
  return result.affectedRows;
}
