-- A statement that writes price history ran two sets of statement triggers: the badges'
-- (price_history_after_write, 20261101001700_price_insights.sql) and the build's change stamps
-- (price_history_stamp_changes, 20261101002500_price_change_stamps.sql). Each gathered the same
-- products from the transition tables, so a feed import of 100,000 rows aggregated them twice. The
-- badges' trigger now stamps the products too, and the stamps' triggers go.
create or replace function public.price_history_after_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  touched uuid[];
begin
  -- Each branch reads only the transition tables its operation has.
  if tg_op = 'INSERT' then
    select array_agg(distinct product_id) into touched from new_rows;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct product_id) into touched from old_rows;
  else
    select array_agg(distinct product_id) into touched
    from (select product_id from new_rows union select product_id from old_rows) t;
  end if;
  if touched is null then
    return null;
  end if;
  -- A bulk import touching many products is recomputed in one pass over all prices: measured on
  -- PostgreSQL at 100,000 products, that takes a quarter of the time of looking up each product.
  if cardinality(touched) > 5000 then
    perform public.refresh_price_badges(null);
  else
    perform public.refresh_price_badges(touched);
  end if;
  -- The build reads again the prices of the products stamped since its last read. The products of
  -- a deleted product's cascade are gone by now, and are left out.
  insert into public.product_price_changes (product_id, changed_at)
  select p.id, now() from public.products p where p.id = any (touched)
  on conflict (product_id) do update set changed_at = excluded.changed_at;
  return null;
end;
$$;

drop trigger price_history_stamp_inserts on public.price_history;
drop trigger price_history_stamp_updates on public.price_history;
drop trigger price_history_stamp_deletes on public.price_history;
drop function public.price_history_stamp_changes();
