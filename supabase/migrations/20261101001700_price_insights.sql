-- Price insights: the 'Lowest price in 90 days' and 'Price dropped N%' badges of every product,
-- kept on the product row so the build's catalogue, the product cards and the /products listing
-- (its 'Price drops' filter, through PostgREST) all read them with the product, in the same pages.
--
-- The rules are those of src/features/prices/rules.ts (tests/db/price-insights.test.ts proves
-- price_badges_of gives the same badges on the same histories):
--   * the period is the 90 days before now; a retailer's latest price is its newest price of the
--     period, retailer names matched ignoring case and surrounding spaces;
--   * lowest: a retailer's latest price equals the lowest price of the period across retailers,
--     and the first known price is at least 14 days old;
--   * drop: the lowest latest price is at least 10% under the median of all prices of the last
--     30 days; the percentage is rounded down. Money in whole cents, medians in half cents.
--
-- The badges are recomputed for the products a price_history statement touches (one
-- statement-level trigger, set-based: a bulk import of 100,000 rows costs one pass over those
-- products' last 90 days) and for every product by refresh_price_badges(), which must run daily
-- as the windows move on with time.

alter table public.products
  add column price_lowest_in_90_days boolean not null default false,
  add column price_drop_percent smallint check (price_drop_percent between 10 and 100);

comment on column public.products.price_lowest_in_90_days is
  'The ''Lowest price in 90 days'' badge, kept by the price_history trigger and refresh_price_badges().';
comment on column public.products.price_drop_percent is
  'The ''Price dropped N%'' badge''s N (null: no badge), kept by the price_history trigger and refresh_price_badges().';

-- The 'Price drops' listing, newest first as the listing's default order.
create index products_price_drops_idx on public.products (created_at desc, id)
  where price_drop_percent is not null;

-- Writing the badges must not redo the search vector (and the category checks) of every product
-- an import touches: the before-write trigger now runs only when a column it reads is written.
drop trigger products_before_write on public.products;
create trigger products_before_write
  before insert or update of name, description, tagline, seo_keywords, category_ids, subcategory_ids, search_vector
  on public.products
  for each row execute function public.products_before_write();

-- The badges of the given products (null: every product with prices) as of a moment.
create function public.price_badges_of(product_ids uuid[], as_of timestamptz default now())
returns table (product_id uuid, lowest_in_90_days boolean, drop_percent smallint)
language sql
stable
set search_path = ''
as $$
  with seen as (
    select h.product_id, lower(btrim(h.platform)) as platform, round(h.price * 100)::bigint as cents, h.scraped_at
    from public.price_history h
    where h.scraped_at <= as_of
      -- in (select unnest(...)): a hashed semi-join; = any (array) would scan the array per row
      and (product_ids is null or h.product_id in (select unnest(product_ids)))
  ),
  period as (
    select * from seen where scraped_at > as_of - interval '90 days'
  ),
  latest as (
    select distinct on (product_id, platform) product_id, platform, cents
    from period
    order by product_id, platform, scraped_at desc
  ),
  period_facts as (
    select product_id,
           min(cents) as lowest,
           -- percentile_cont works in floating point; the true median is a whole number of half cents
           round(2 * percentile_cont(0.5) within group (order by cents)
                 filter (where scraped_at > as_of - interval '30 days'))::bigint as median_half_cents
    from period
    group by product_id
  ),
  latest_facts as (
    select l.product_id, min(l.cents) as lowest_latest, bool_or(l.cents = f.lowest) as latest_is_lowest
    from latest l
    join period_facts f using (product_id)
    group by l.product_id
  ),
  first_seen as (
    select product_id, min(scraped_at) as first_seen from seen group by product_id
  )
  select s.product_id,
         coalesce(s.first_seen <= as_of - interval '14 days' and l.latest_is_lowest, false),
         case when f.median_half_cents > 0
                   and (100 * (f.median_half_cents - 2 * l.lowest_latest)) / f.median_half_cents >= 10
              then ((100 * (f.median_half_cents - 2 * l.lowest_latest)) / f.median_half_cents)::smallint
         end
  from first_seen s
  left join period_facts f using (product_id)
  left join latest_facts l using (product_id)
$$;

-- Writes the badges of the given products (null: all), as of now; products without prices get none.
create function public.refresh_price_badges(product_ids uuid[] default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed integer;
begin
  update public.products p
     set price_lowest_in_90_days = x.lowest, price_drop_percent = x.drop_percent
    from (
      select t.id, coalesce(b.lowest_in_90_days, false) as lowest, b.drop_percent
      from (
        select q.id from public.products q where product_ids is null
        union all
        select distinct u.id from unnest(product_ids) as u(id) where product_ids is not null
      ) t
      left join public.price_badges_of(product_ids, now()) b on b.product_id = t.id
    ) x
   where p.id = x.id
     -- unchanged badges leave the row (and its updated_at) alone
     and (p.price_lowest_in_90_days is distinct from x.lowest or p.price_drop_percent is distinct from x.drop_percent);
  get diagnostics changed = row_count;
  return changed;
end;
$$;

revoke all on function public.price_badges_of(uuid[], timestamptz) from public, anon, authenticated;
grant execute on function public.price_badges_of(uuid[], timestamptz) to service_role;
revoke all on function public.refresh_price_badges(uuid[]) from public, anon, authenticated;
grant execute on function public.refresh_price_badges(uuid[]) to service_role;

-- One trigger per statement, whatever the statement wrote: the products it touched get their
-- badges recomputed in one set-based pass.
create function public.price_history_after_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  touched uuid[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct product_id) into touched from new_rows;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct product_id) into touched from old_rows;
  else
    select array_agg(distinct product_id) into touched
    from (select product_id from new_rows union select product_id from old_rows) t;
  end if;
  -- A bulk import touching many products is recomputed in one pass over all prices: measured on
  -- PostgreSQL at 100,000 products, that takes a quarter of the time of looking up each product.
  if cardinality(touched) > 5000 then
    perform public.refresh_price_badges(null);
  elsif touched is not null then
    perform public.refresh_price_badges(touched);
  end if;
  return null;
end;
$$;

create trigger price_history_after_insert after insert on public.price_history
  referencing new table as new_rows
  for each statement execute function public.price_history_after_write();
create trigger price_history_after_update after update on public.price_history
  referencing new table as new_rows old table as old_rows
  for each statement execute function public.price_history_after_write();
create trigger price_history_after_delete after delete on public.price_history
  referencing old table as old_rows
  for each statement execute function public.price_history_after_write();

-- The demo and any history written before this migration.
select public.refresh_price_badges();

-- The product page's chart: each product's prices of the last 90 days, one row per product (so
-- the build pages through products, not through every price), oldest first, as
-- [platform, price, scraped_at] triples.
create view public.price_history_90_days with (security_invoker = true) as
  select product_id,
         jsonb_agg(jsonb_build_array(platform, price, scraped_at) order by scraped_at, id) as points
  from public.price_history
  where scraped_at > now() - interval '90 days' and scraped_at <= now()
  group by product_id;

revoke all on public.price_history_90_days from anon, authenticated, service_role;
grant select on public.price_history_90_days to anon, authenticated, service_role;

-- Prices by hand: the admin's product form saves the product and, in the same transaction, the
-- current price typed for any of its retailer links. A price is written (scraped now, under the
-- platform's own spelling) only when it differs from that retailer's latest price, so saving the
-- form again adds nothing. Called by functions/admin-products.ts (service role) after validation.
create function public.admin_save_product_with_prices(product jsonb, prices jsonb default '[]')
returns setof public.products
language plpgsql
security invoker
set search_path = ''
as $$
declare
  saved public.products;
begin
  select * into strict saved from public.admin_save_product(product);
  insert into public.price_history (product_id, platform, price, scraped_at)
  select saved.id, pl.name, given.price, now()
  from jsonb_to_recordset(coalesce(prices, '[]')) as given(platform text, price numeric)
  join public.platforms pl on lower(pl.name) = lower(btrim(given.platform))
  left join lateral (
    select h.price from public.price_history h
    where h.product_id = saved.id and lower(btrim(h.platform)) = lower(pl.name)
    order by h.scraped_at desc
    limit 1
  ) latest on true
  where latest.price is distinct from given.price;
  return next saved;
end;
$$;

revoke all on function public.admin_save_product_with_prices(jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.admin_save_product_with_prices(jsonb, jsonb) to service_role;
