-- The build keeps every product's prices between builds and reads again only the products whose
-- prices changed since the last one (src/features/catalog/core/catalogue.ts), as it does with the
-- products themselves: reading every product's prices on every rebuild took longer than the rest
-- of a 100,000-product rebuild. Each statement that writes price history stamps the products it
-- touched with its transaction's start (now()), as updated_at stamps a product, so the build's
-- cursor rules (src/lib/sync-loader.ts) hold for prices too.

create table public.product_price_changes (
  product_id uuid primary key references public.products (id) on delete cascade,
  changed_at timestamptz not null default now()
);
alter table public.product_price_changes enable row level security;

-- The build reads the stamps in order of change, from a cursor.
create index product_price_changes_changed_idx on public.product_price_changes (changed_at, product_id);

-- Price history is public; so is when a product's prices last changed.
create policy "Everyone reads price change stamps" on public.product_price_changes
  for select to anon, authenticated using (true);
revoke all on public.product_price_changes from anon, authenticated;
grant select on public.product_price_changes to anon, authenticated;
grant all on public.product_price_changes to service_role;

-- One trigger per statement, like the badges' (price_history_after_write). The products of a deleted
-- product's cascade are gone by the time it runs, and are left out.
create function public.price_history_stamp_changes()
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
  insert into public.product_price_changes (product_id, changed_at)
  select p.id, now() from public.products p where p.id = any (touched)
  on conflict (product_id) do update set changed_at = excluded.changed_at;
  return null;
end;
$$;

create trigger price_history_stamp_inserts after insert on public.price_history
  referencing new table as new_rows
  for each statement execute function public.price_history_stamp_changes();
create trigger price_history_stamp_updates after update on public.price_history
  referencing new table as new_rows old table as old_rows
  for each statement execute function public.price_history_stamp_changes();
create trigger price_history_stamp_deletes after delete on public.price_history
  referencing old table as old_rows
  for each statement execute function public.price_history_stamp_changes();

-- Every product with prices written before this migration.
insert into public.product_price_changes (product_id, changed_at)
select distinct product_id, now() from public.price_history;

-- What the build reads of a product's prices, from its stamp: the latest price of each retailer and
-- every price scraped in the last 90 days (later ones too: the build cuts the window at its own
-- clock, so a price scraped ahead of it is not lost), as [platform, price, scraped_at] triples.
create view public.product_prices with (security_invoker = true) as
  select c.product_id as id,
         c.changed_at as updated_at,
         coalesce((
           select jsonb_agg(jsonb_build_array(l.platform, l.price, l.scraped_at) order by l.platform)
           from public.latest_prices l where l.product_id = c.product_id
         ), '[]'::jsonb) as latest,
         coalesce((
           select jsonb_agg(jsonb_build_array(h.platform, h.price, h.scraped_at) order by h.scraped_at, h.id)
           from public.price_history h
           where h.product_id = c.product_id and h.scraped_at > now() - interval '90 days'
         ), '[]'::jsonb) as history
  from public.product_price_changes c;

revoke all on public.product_prices from anon, authenticated, service_role;
grant select on public.product_prices to anon, authenticated, service_role;
