-- A product write locks only the facet cells whose counts it changes. The trigger locked every cell
-- its statement touched, so a rename, a search-vector refresh or a price badge that moves no
-- product between cells still held its cell until commit: two admins saving products of one cell
-- waited on each other, and a price import held the cells of every product whose badges it
-- rewrote. The cells a statement moves products between are locked as before, first and in key
-- order (no deadlock between writers moving products both ways), and only those are written or,
-- once empty, deleted.

create or replace function public.product_facet_cells_after_write()
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
  -- The cells whose count the statement changes, by how much.
  moved text;
begin
  if tg_op = 'TRUNCATE' then
    delete from public.product_facet_cells;
    return null;
  end if;
  moved := format($sql$
    select category_ids, subcategory_ids, gender_category, public.price_band(price) as price_band,
           price_drop_percent is not null as price_drop, sum(change)::integer as change
    from (%s) as changed
    group by 1, 2, 3, 4, 5
    having sum(change) <> 0
  $sql$, changed);
  -- Locked first and in key order, so that two writers lock the cells they share in the same order.
  execute format($sql$
    select 1 from public.product_facet_cells c
    join (%s) as m
      on (c.category_ids, c.subcategory_ids, c.gender_category, c.price_band, c.price_drop)
       = (m.category_ids, m.subcategory_ids, m.gender_category, m.price_band, m.price_drop)
    order by c.category_ids, c.subcategory_ids, c.gender_category, c.price_band, c.price_drop
    for update of c
  $sql$, moved);
  execute format($sql$
    with moved as (%s),
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
  $sql$, moved);
  -- Emptied cells go: only among the cells this statement took products from, whose locks it holds.
  execute format($sql$
    delete from public.product_facet_cells c
    using (%s) as m
    where m.change < 0
      and c.products = 0
      and (c.category_ids, c.subcategory_ids, c.gender_category, c.price_band, c.price_drop)
        = (m.category_ids, m.subcategory_ids, m.gender_category, m.price_band, m.price_drop)
  $sql$, moved);
  return null;
end;
$$;

revoke all on function public.product_facet_cells_after_write() from public, anon, authenticated;
