-- Facet counts of the /products listing and the category pages: how many products each filter
-- choice would give with the other filters as they are ('Tech Gadgets (12)'), from one call of
-- product_facets per filter state.
--
-- The counts follow the listing's own rules (popular_products and the product list's PostgREST
-- filters): every product counts, whatever the visibility of its categories; a category filter is
-- containment, a subcategory filter overlap, an audience its audience_set, a price range inclusive,
-- 'Price drops' a drop badge. Only the choices are limited to what the caller may see, as row-level
-- security limits them for the filter panel: the visible product categories (all for an admin)
-- and their subcategories.
--
-- Counting the products row by row takes 30-140 ms at 100,000 products (a table far larger than
-- memory), so the counts are kept per cell: products with the same categories, subcategories,
-- audience, price band and drop badge. A statement trigger keeps the cells in step with every
-- write of products (about 2,300 cells at 100,000 generated products). The bands split prices at
-- the bounds of the spec's price buckets, each bound a band of its own since the buckets include
-- both ends; a price filter on those bounds is answered from the cells alone. Any other range
-- (only an edited address asks for one) is answered from the products in it, read from the price
-- index, which carries the columns the counts need.
--
-- Read: everyone may read the cells (counts of public products) and call product_facets.
-- Write: only the trigger on products, as the table's owner.

-- The products of a price range, with what the counts group them by, from the index alone (an
-- index-only scan); the listing's price sorts use it as before.
drop index public.products_price_idx;
create index products_price_idx on public.products (price, id)
  include (category_ids, subcategory_ids, gender_category, price_drop_percent);

-- Band of a price among the bounds of the price buckets (spec: up to $50, $50 to $250, $250 to
-- $450, $450 and up): 0 under 50, 1 exactly 50, 2 between 50 and 250, 3 exactly 250, … 6 over 450.
-- An odd band is a bound itself. No search_path setting: the function reads no table, and without
-- one it is inlined into the queries that call it per row.
create function public.price_band(price numeric)
returns smallint
language sql immutable parallel safe
as $$
  select (2 * ((price > 50)::int + (price > 250)::int + (price > 450)::int) + (price in (50, 250, 450))::int)::smallint
$$;

create table public.product_facet_cells (
  category_ids uuid[] not null,
  subcategory_ids uuid[] not null,
  gender_category public.gender_category not null,
  price_band smallint not null,
  price_drop boolean not null,
  products integer not null check (products >= 0),
  primary key (category_ids, subcategory_ids, gender_category, price_band, price_drop)
);
alter table public.product_facet_cells enable row level security;

create policy "Everyone reads facet cells" on public.product_facet_cells
  for select to anon, authenticated using (true);

-- Not even the service role writes them: a count written by hand would no longer be the listing's.
revoke all on public.product_facet_cells from anon, authenticated, service_role;
grant select on public.product_facet_cells to anon, authenticated, service_role;

-- The products a statement added count one more in their cell, those it took away (deleted, or
-- the old version of an updated row) one less; only cells whose count changes are written, so a
-- rename or a search-vector refresh writes none. Emptied cells go, and all of them with a truncate.
create function public.product_facet_cells_after_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed text := case tg_op
    when 'INSERT' then 'select *, 1 as change from new_rows'
    when 'DELETE' then 'select *, -1 as change from old_rows'
    else 'select *, 1 as change from new_rows union all select *, -1 as change from old_rows'
  end;
begin
  if tg_op = 'TRUNCATE' then
    delete from public.product_facet_cells;
    return null;
  end if;
  -- The cells this statement changes, locked first and in key order, so that two writers lock
  -- the cells they share in the same order and cannot deadlock on them.
  execute format($sql$
    select 1 from public.product_facet_cells c
    join (select distinct category_ids, subcategory_ids, gender_category, public.price_band(price) as price_band,
                 price_drop_percent is not null as price_drop
          from (%s) as changed) as k
      on (c.category_ids, c.subcategory_ids, c.gender_category, c.price_band, c.price_drop)
       = (k.category_ids, k.subcategory_ids, k.gender_category, k.price_band, k.price_drop)
    order by c.category_ids, c.subcategory_ids, c.gender_category, c.price_band, c.price_drop
    for update of c
  $sql$, changed);
  execute format($sql$
    with moved as (
      select category_ids, subcategory_ids, gender_category, public.price_band(price) as price_band,
             price_drop_percent is not null as price_drop, sum(change)::integer as change
      from (%s) as changed
      group by 1, 2, 3, 4, 5
      having sum(change) <> 0
    ),
    taken as (
      update public.product_facet_cells c
         set products = c.products + m.change
        from moved m
       where m.change < 0
         and (c.category_ids, c.subcategory_ids, c.gender_category, c.price_band, c.price_drop)
           = (m.category_ids, m.subcategory_ids, m.gender_category, m.price_band, m.price_drop)
    )
    insert into public.product_facet_cells as c
      (category_ids, subcategory_ids, gender_category, price_band, price_drop, products)
    select category_ids, subcategory_ids, gender_category, price_band, price_drop, change
    from moved where change > 0
    -- new cells in key order too
    order by 1, 2, 3, 4, 5
    on conflict (category_ids, subcategory_ids, gender_category, price_band, price_drop)
    do update set products = c.products + excluded.products
  $sql$, changed);
  -- Emptied cells go: only among the cells this statement wrote, whose locks it already holds.
  execute format($sql$
    delete from public.product_facet_cells c
    using (select distinct category_ids, subcategory_ids, gender_category, public.price_band(price) as price_band,
                  price_drop_percent is not null as price_drop
           from (%s) as changed) as k
    where c.products = 0
      and (c.category_ids, c.subcategory_ids, c.gender_category, c.price_band, c.price_drop)
        = (k.category_ids, k.subcategory_ids, k.gender_category, k.price_band, k.price_drop)
  $sql$, changed);
  return null;
end;
$$;

create trigger products_facet_cells_after_insert after insert on public.products
  referencing new table as new_rows
  for each statement execute function public.product_facet_cells_after_write();
create trigger products_facet_cells_after_update after update on public.products
  referencing new table as new_rows old table as old_rows
  for each statement execute function public.product_facet_cells_after_write();
create trigger products_facet_cells_after_delete after delete on public.products
  referencing old table as old_rows
  for each statement execute function public.product_facet_cells_after_write();
create trigger products_facet_cells_after_truncate after truncate on public.products
  for each statement execute function public.product_facet_cells_after_write();

-- The products already there (the demo, and any catalogue migrated in place).
insert into public.product_facet_cells
  (category_ids, subcategory_ids, gender_category, price_band, price_drop, products)
select category_ids, subcategory_ids, gender_category, public.price_band(price),
       price_drop_percent is not null, count(*)
from public.products
group by 1, 2, 3, 4, 5;

revoke all on function public.product_facet_cells_after_write() from public, anon, authenticated;


-- The counts for a filter state, one row per choice: facet 'total' (the listing's total for these
-- filters), then 'categories', 'subcategories' (of the chosen category only), 'price', 'deals' and
-- 'gender', each choice by the key the filter panel gives it: 'all' (no category; for
-- subcategories, the whole chosen category), a category or subcategory id; 'any' and the price
-- buckets' ids; 'all-prices' and 'price-drops'; 'for_both' (no audience filter, as choosing For
-- Both clears it), 'for_him', 'for_her'.
--
-- A choice's count is the total its filter state would have: choosing another category clears the
-- subcategory (the listing's withFilter), so those counts leave it out, while the chosen category
-- (or All, when no category is chosen) changes nothing and counts the total.
create function public.product_facets(
  category_filter uuid default null,
  subcategory_filter uuid default null,
  gender_filter text default null,
  price_min numeric default null,
  price_max numeric default null,
  price_drops_only boolean default false
)
returns table (facet text, choice text, product_count bigint)
language plpgsql stable
-- As the owner, so the planner sees the table statistics row-level security hides from a visitor
-- (a range covering half the products is then grouped by hashing, not sorted: 20 ms, not 60);
-- which categories are choices is the categories' read policy, spelled out below.
security definer
set search_path = ''
as $$
declare
  admin boolean := public.is_admin();
  audiences public.gender_category[];
  drops_only boolean := coalesce(price_drops_only, false);
  -- The price filter as a range of bands, when its ends are bucket bounds (or open, or 0).
  on_bounds boolean := (price_min is null or price_min = 0 or public.price_band(price_min) % 2 = 1)
                   and (price_max is null or public.price_band(price_max) % 2 = 1);
  low_band smallint := coalesce(public.price_band(nullif(price_min, 0)), 0);
  high_band smallint := coalesce(public.price_band(price_max), 32767);
begin
  if gender_filter is not null and gender_filter not in ('for_him', 'for_her', 'for_both') then
    raise exception 'gender_filter must be for_him, for_her or for_both, not %', quote_literal(gender_filter)
      using errcode = '22023', hint = 'Leave gender_filter out for every audience.';
  end if;
  if price_min < 0 or price_min in ('NaN', 'Infinity') or price_max < 0 or price_max in ('NaN', 'Infinity') then
    raise exception 'price_min and price_max must be prices of 0 or more, not % and %',
      coalesce(price_min::text, 'null'), coalesce(price_max::text, 'null')
      using errcode = '22023';
  end if;
  if price_min > price_max then
    raise exception 'price_min (%) must not be above price_max (%)', price_min, price_max
      using errcode = '22023', hint = 'Such a range matches nothing; the listing drops it.';
  end if;
  audiences := case when gender_filter is null then null else public.audience_set(gender_filter) end;

  return query
  with flagged as materialized (
    select c.*,
           (category_filter is null or c.category_ids @> array[category_filter]) as in_category,
           (subcategory_filter is null or c.subcategory_ids @> array[subcategory_filter]) as in_subcategory,
           (audiences is null or c.gender_category = any (audiences)) as in_audience,
           (not drops_only or c.price_drop) as in_deals
    from (
      -- The cells: every facet when the price filter is on the bounds; otherwise only the price
      -- buckets' (which leave the price filter out), none of them in the price range.
      select k.category_ids, k.subcategory_ids, k.gender_category, k.price_band, k.price_drop,
             on_bounds and k.price_band between low_band and high_band as in_price, true as in_price_facet,
             k.products::bigint as products
      from public.product_facet_cells k
      union all
      -- Another price range: its products, for every facet but the price buckets'.
      select p.category_ids, p.subcategory_ids, p.gender_category, null, p.price_drop_percent is not null,
             true, false, count(*)
      from public.products p
      where not on_bounds and p.price >= coalesce(price_min, 0) and p.price <= coalesce(price_max, 'Infinity')
      group by 1, 2, 3, 5
    ) as c
  ),
  -- Every count but the categories' and subcategories' own, in one pass; a facet leaves out its
  -- own filter. The price buckets are the spec's, as bands.
  counts as (
    select
      sum(f.products) filter (where f.in_category and f.in_subcategory and f.in_audience and f.in_price and f.in_deals) as total,
      sum(f.products) filter (where f.in_audience and f.in_price and f.in_deals) as every_category,
      sum(f.products) filter (where f.in_category and f.in_audience and f.in_price and f.in_deals) as whole_category,
      sum(f.products) filter (where f.in_price_facet and f.in_category and f.in_subcategory and f.in_audience and f.in_deals) as any_price,
      sum(f.products) filter (where f.in_price_facet and f.in_category and f.in_subcategory and f.in_audience and f.in_deals
                                and f.price_band <= public.price_band(50)) as up_to_50,
      sum(f.products) filter (where f.in_price_facet and f.in_category and f.in_subcategory and f.in_audience and f.in_deals
                                and f.price_band between public.price_band(50) and public.price_band(250)) as from_50_to_250,
      sum(f.products) filter (where f.in_price_facet and f.in_category and f.in_subcategory and f.in_audience and f.in_deals
                                and f.price_band between public.price_band(250) and public.price_band(450)) as from_250_to_450,
      sum(f.products) filter (where f.in_price_facet and f.in_category and f.in_subcategory and f.in_audience and f.in_deals
                                and f.price_band >= public.price_band(450)) as from_450,
      sum(f.products) filter (where f.in_category and f.in_subcategory and f.in_audience and f.in_price) as all_prices,
      sum(f.products) filter (where f.in_category and f.in_subcategory and f.in_audience and f.in_price and f.price_drop) as price_drops,
      sum(f.products) filter (where f.in_category and f.in_subcategory and f.in_price and f.in_deals) as every_audience,
      sum(f.products) filter (where f.in_category and f.in_subcategory and f.in_price and f.in_deals
                                and f.gender_category = any (public.audience_set('for_him'))) as for_him,
      sum(f.products) filter (where f.in_category and f.in_subcategory and f.in_price and f.in_deals
                                and f.gender_category = any (public.audience_set('for_her'))) as for_her
    from flagged f
  ),
  by_category as (
    select x.id, sum(f.products) as products
    from flagged f cross join unnest(f.category_ids) as x(id)
    where f.in_audience and f.in_price and f.in_deals
    group by x.id
  ),
  by_subcategory as (
    select x.id, sum(f.products) as products
    from flagged f cross join unnest(f.subcategory_ids) as x(id)
    where category_filter is not null and f.in_category and f.in_audience and f.in_price and f.in_deals
    group by x.id
  )
  select x.facet, x.choice, coalesce(x.products, 0)::bigint
  from counts t
  cross join lateral (values
    ('total', null, t.total),
    ('categories', 'all', case when category_filter is null then t.total else t.every_category end),
    ('subcategories', 'all', t.whole_category),
    ('price', 'any', t.any_price),
    ('price', 'up-to-50', t.up_to_50),
    ('price', '50-to-250', t.from_50_to_250),
    ('price', '250-to-450', t.from_250_to_450),
    ('price', '450-and-up', t.from_450),
    ('deals', 'all-prices', t.all_prices),
    ('deals', 'price-drops', t.price_drops),
    ('gender', 'for_both', t.every_audience),
    ('gender', 'for_him', t.for_him),
    ('gender', 'for_her', t.for_her)
  ) as x(facet, choice, products)
  where x.facet <> 'subcategories' or category_filter is not null
  union all
  select 'categories', k.id::text, coalesce(case when k.id = category_filter then t.total else n.products end, 0)::bigint
  from public.categories k
  cross join counts t
  left join by_category n on n.id = k.id
  where 'product' = any (k.type) and (k.visible or admin)
  union all
  select 'subcategories', s.id::text, coalesce(n.products, 0)::bigint
  from public.subcategories s
  join public.categories k on k.id = s.category_id
  left join by_subcategory n on n.id = s.id
  where s.category_id = category_filter and (k.visible or admin);
end;
$$;

revoke all on function public.price_band(numeric) from public;
grant execute on function public.price_band(numeric) to anon, authenticated, service_role;
revoke all on function public.product_facets(uuid, uuid, text, numeric, numeric, boolean) from public;
grant execute on function public.product_facets(uuid, uuid, text, numeric, numeric, boolean)
  to anon, authenticated, service_role;
