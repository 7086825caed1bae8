-- liked_products: a signed-in shopper's wishlist, one row per user holding the liked product ids
-- (newest last). Guests keep theirs in the browser until they sign in, when it is merged here.
--
-- Read and write: a user reads and changes only their own row. The like, unlike and merge
-- functions change it atomically (one statement on one row), so likes from several tabs at once
-- end as some serial order of them would; they are for signed-in users only (they act on the
-- caller's own row). A wishlist only ever holds real products: writes may add only products that
-- exist, and a deleted product leaves every wishlist.

create table public.liked_products (
  user_id uuid primary key references auth.users (id) on delete cascade,
  product_id uuid[] not null default '{}' check (public.is_distinct_list(product_id)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.liked_products enable row level security;

create trigger liked_products_set_updated_at before update on public.liked_products
  for each row execute function public.set_updated_at();

create policy "Users read their own likes" on public.liked_products
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Users create their own likes" on public.liked_products
  for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Users change their own likes" on public.liked_products
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Users delete their own likes" on public.liked_products
  for delete to authenticated
  using (user_id = (select auth.uid()));

revoke all on public.liked_products from anon, authenticated;
grant select, insert, update, delete on public.liked_products to authenticated;
grant all on public.liked_products to service_role;


-- Raises when a product id names no product, so a wishlist only ever holds real products.
create function public.assert_products_exist(ids uuid[])
returns void
language plpgsql stable
set search_path = ''
as $$
declare
  missing uuid;
begin
  select i.id into missing
  from unnest(ids) as i(id)
  where not exists (select 1 from public.products p where p.id = i.id)
  limit 1;
  if found then
    raise exception 'No product has the id %', missing
      using errcode = '22023', hint = 'Like only products that exist.';
  end if;
end;
$$;

-- Direct writes (the client may insert and update its row itself) may add only real products.
create function public.liked_products_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform public.assert_products_exist(array(
    select unnest(new.product_id)
    except
    select unnest(case when tg_op = 'UPDATE' then old.product_id else '{}'::uuid[] end)
  ));
  return new;
end;
$$;

create trigger liked_products_before_write before insert or update on public.liked_products
  for each row execute function public.liked_products_before_write();

-- A deleted product leaves every wishlist, once per delete statement however many it removes.
create function public.products_leave_wishlists()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.liked_products l
     set product_id = array(
       select x.id from unnest(l.product_id) with ordinality as x(id, n)
       where not exists (select 1 from gone g where g.id = x.id)
       order by x.n
     )
   where l.product_id && array(select g.id from gone g);
  return null;
end;
$$;

create trigger products_leave_wishlists after delete on public.products
  referencing old table as gone
  for each statement execute function public.products_leave_wishlists();

-- Adds a product to the caller's likes (creating their row on the first like); returns the list.
create function public.like_product(product uuid)
returns uuid[]
language plpgsql
security invoker
set search_path = ''
as $$
declare
  liked uuid[];
begin
  perform public.assert_products_exist(array[product]);
  insert into public.liked_products as l (user_id, product_id)
  values ((select auth.uid()), array[product])
  on conflict (user_id) do update
    set product_id = case
      when product = any (l.product_id) then l.product_id
      else l.product_id || product
    end
  returning l.product_id into liked;
  return liked;
end;
$$;

-- Removes a product from the caller's likes; returns the list (empty when they had none).
create function public.unlike_product(product uuid)
returns uuid[]
language sql
security invoker
set search_path = ''
as $$
  with changed as (
    update public.liked_products
       set product_id = array_remove(product_id, product)
     where user_id = (select auth.uid())
    returning product_id
  )
  select coalesce((select product_id from changed), '{}')
$$;

-- Merges a guest's local likes into the caller's: the union, existing likes first, then the
-- guest's in their order, without duplicates. Ids of products that no longer exist are dropped.
create function public.merge_guest_likes(product_ids uuid[])
returns uuid[]
language plpgsql
security invoker
set search_path = ''
as $$
declare
  guest uuid[];
  liked uuid[];
begin
  guest := array(
    select g.id
    from unnest(coalesce(product_ids, '{}')) with ordinality as g(id, n)
    where exists (select 1 from public.products p where p.id = g.id)
    group by g.id
    order by min(g.n)
  );
  insert into public.liked_products as l (user_id, product_id)
  values ((select auth.uid()), guest)
  on conflict (user_id) do update
    set product_id = l.product_id || array(
      select e from unnest(excluded.product_id) with ordinality as x(e, n)
      where not (e = any (l.product_id))
      order by n
    )
  returning l.product_id into liked;
  return liked;
end;
$$;

revoke all on function public.like_product(uuid), public.unlike_product(uuid),
  public.merge_guest_likes(uuid[]) from public, anon, service_role;
grant execute on function public.like_product(uuid), public.unlike_product(uuid),
  public.merge_guest_likes(uuid[]) to authenticated;
grant execute on function public.assert_products_exist(uuid[]) to authenticated, service_role;
