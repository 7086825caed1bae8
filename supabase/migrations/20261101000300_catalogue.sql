-- The product catalogue: platforms (retailers), products and their price history.
--
-- Read: everyone. Write: the service role only (admin functions, the seed).
--
-- A product's categories and subcategories are id lists (the filters are overlaps and
-- containment, served by GIN indexes). A trigger checks that newly added ids exist and that each
-- subcategory belongs to one of the product's categories, and keeps the weighted search vector,
-- which includes the category and subcategory names, up to date. Renaming, moving or deleting a
-- category or subcategory updates its products in turn.

create table public.platforms (
  id uuid primary key default gen_random_uuid(),
  name text not null unique check (char_length(btrim(name)) between 1 and 60),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.platforms enable row level security;

create trigger platforms_set_updated_at before update on public.platforms
  for each row execute function public.set_updated_at();

create policy "Everyone reads platforms" on public.platforms
  for select to anon, authenticated using (true);

revoke all on public.platforms from anon, authenticated;
grant select on public.platforms to anon, authenticated;
grant all on public.platforms to service_role;


-- media_urls: [{type: 'image' | 'video', url}]
create function public.is_media_list(media jsonb)
returns boolean
language sql immutable
set search_path = ''
as $$
  select case when jsonb_typeof(media) <> 'array' then false else not exists (
    select 1 from jsonb_array_elements(media) as e
    where jsonb_typeof(e) <> 'object'
       or jsonb_typeof(e -> 'type') is distinct from 'string'
       or e ->> 'type' not in ('image', 'video')
       or jsonb_typeof(e -> 'url') is distinct from 'string'
       or btrim(e ->> 'url') = ''
  ) end
$$;

-- variants: [{name, image_url}]
create function public.is_variant_list(variants jsonb)
returns boolean
language sql immutable
set search_path = ''
as $$
  select case when jsonb_typeof(variants) <> 'array' then false else not exists (
    select 1 from jsonb_array_elements(variants) as e
    where jsonb_typeof(e) <> 'object'
       or jsonb_typeof(e -> 'name') is distinct from 'string'
       or btrim(e ->> 'name') = ''
       or (e ? 'image_url' and jsonb_typeof(e -> 'image_url') not in ('string', 'null'))
  ) end
$$;

-- affiliate_links: [{platform, title, url}], all text
create function public.is_affiliate_list(links jsonb)
returns boolean
language sql immutable
set search_path = ''
as $$
  select case when jsonb_typeof(links) <> 'array' then false else not exists (
    select 1 from jsonb_array_elements(links) as e
    where jsonb_typeof(e) <> 'object'
       or jsonb_typeof(e -> 'platform') is distinct from 'string'
       or btrim(e ->> 'platform') = ''
       or jsonb_typeof(e -> 'title') is distinct from 'string'
       or jsonb_typeof(e -> 'url') is distinct from 'string'
       or not public.is_http_url(e ->> 'url')
  ) end
$$;

grant execute on function public.is_media_list(jsonb), public.is_variant_list(jsonb),
  public.is_affiliate_list(jsonb) to anon, authenticated, service_role;

create table public.products (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 200),
  description text not null default '',
  price numeric(10, 2) not null check (price >= 0),
  image_url text not null check (public.is_http_url(image_url)),
  media_urls jsonb not null default '[]' check (public.is_media_list(media_urls)),
  variants jsonb not null default '[]' check (public.is_variant_list(variants)),
  affiliate_links jsonb not null default '[]' check (public.is_affiliate_list(affiliate_links)),
  category_ids uuid[] not null default '{}' check (public.is_distinct_list(category_ids)),
  subcategory_ids uuid[] not null default '{}' check (public.is_distinct_list(subcategory_ids)),
  gender_category public.gender_category not null default 'for_both',
  tagline text,
  seo_title text,
  seo_description text check (char_length(seo_description) <= 155),
  seo_keywords text[] not null default '{}',
  search_vector tsvector,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.products enable row level security;

create index products_category_ids_idx on public.products using gin (category_ids);
create index products_subcategory_ids_idx on public.products using gin (subcategory_ids);
create index products_created_at_idx on public.products (created_at desc, id);
create index products_gender_created_at_idx on public.products (gender_category, created_at desc);
create index products_price_idx on public.products (price, id);
create index products_updated_at_idx on public.products (updated_at);
create index products_search_vector_idx on public.products using gin (search_vector);
create index products_name_trgm_idx on public.products using gin (lower(name) extensions.gin_trgm_ops);
create index products_description_trgm_idx
  on public.products using gin (lower(description) extensions.gin_trgm_ops);

create function public.products_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  added_categories uuid[];
  added_subcategories uuid[];
  missing uuid;
  category_names text;
  subcategory_names text;
begin
  -- Only ids added by this write are checked: a category deleted later takes its id out of
  -- its products in its own trigger, and those products must still be writable meanwhile.
  added_categories := array(
    select unnest(new.category_ids)
    except
    select unnest(case when tg_op = 'UPDATE' then old.category_ids else '{}'::uuid[] end)
  );
  added_subcategories := array(
    select unnest(new.subcategory_ids)
    except
    select unnest(case when tg_op = 'UPDATE' then old.subcategory_ids else '{}'::uuid[] end)
  );

  select a.id into missing
  from unnest(added_categories) as a(id)
  where not exists (select 1 from public.categories c where c.id = a.id)
  limit 1;
  if found then
    raise exception 'category_ids: no category has the id %', missing
      using errcode = '23503', hint = 'Choose categories that exist.';
  end if;

  -- Every subcategory must belong to one of the product's categories, also when a category is
  -- taken off the product. A kept id whose subcategory is already gone is skipped: its own delete
  -- trigger is about to take it out.
  select a.id into missing
  from unnest(new.subcategory_ids) as a(id)
  where (a.id = any (added_subcategories)
         or exists (select 1 from public.subcategories s where s.id = a.id))
    and not exists (
      select 1 from public.subcategories s
      where s.id = a.id and s.category_id = any (new.category_ids)
    )
  limit 1;
  if found then
    raise exception 'subcategory_ids: % is not a subcategory of the chosen categories', missing
      using errcode = '23503', hint = 'Choose subcategories of the product''s categories.';
  end if;

  select string_agg(c.name, ' ') into category_names
  from public.categories c where c.id = any (new.category_ids);
  select string_agg(s.name, ' ') into subcategory_names
  from public.subcategories s where s.id = any (new.subcategory_ids);

  new.search_vector :=
    setweight(to_tsvector('english', extensions.unaccent(new.name)), 'A') ||
    setweight(to_tsvector('english', extensions.unaccent(
      coalesce(new.tagline, '') || ' ' || array_to_string(new.seo_keywords, ' '))), 'B') ||
    setweight(to_tsvector('english', extensions.unaccent(
      coalesce(category_names, '') || ' ' || coalesce(subcategory_names, ''))), 'C') ||
    setweight(to_tsvector('english', extensions.unaccent(new.description)), 'D');
  return new;
end;
$$;

create trigger products_before_write before insert or update on public.products
  for each row execute function public.products_before_write();

create trigger products_set_updated_at before update on public.products
  for each row execute function public.set_updated_at();

create policy "Everyone reads products" on public.products
  for select to anon, authenticated using (true);

revoke all on public.products from anon, authenticated;
grant select on public.products to anon, authenticated;
grant all on public.products to service_role;


-- Keep products consistent when their categories change: a rename refreshes their search
-- vectors (and their updated_at, so the next build re-reads them); a deletion drops the id, and
-- the ids of the category's subcategories with it.
create function public.categories_after_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    update public.products p
       set category_ids = array_remove(p.category_ids, old.id),
           subcategory_ids = array(
             select s.id from unnest(p.subcategory_ids) with ordinality as s(id, n)
             where not exists (
               select 1 from public.subcategories x where x.id = s.id and x.category_id = old.id
             )
             order by s.n
           )
     where p.category_ids @> array[old.id];
    return old;
  end if;
  if new.name is distinct from old.name then
    update public.products set name = name where category_ids @> array[new.id];
  end if;
  return new;
end;
$$;

create trigger categories_after_change after update or delete on public.categories
  for each row execute function public.categories_after_change();

create function public.subcategories_after_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    update public.products
       set subcategory_ids = array_remove(subcategory_ids, old.id)
     where subcategory_ids @> array[old.id];
    return old;
  end if;
  -- Moved to another category: products not in that category lose it.
  if new.category_id is distinct from old.category_id then
    update public.products
       set subcategory_ids = array_remove(subcategory_ids, new.id)
     where subcategory_ids @> array[new.id] and not category_ids @> array[new.category_id];
  end if;
  if new.name is distinct from old.name then
    update public.products set name = name where subcategory_ids @> array[new.id];
  end if;
  return new;
end;
$$;

create trigger subcategories_after_change after update or delete on public.subcategories
  for each row execute function public.subcategories_after_change();


-- price_history: prices seen on each platform over time; the product page shows each
-- platform's latest.
create table public.price_history (
  id bigint generated always as identity primary key,
  product_id uuid not null references public.products (id) on delete cascade,
  platform text not null check (char_length(btrim(platform)) between 1 and 60),
  price numeric(10, 2) not null check (price >= 0),
  scraped_at timestamptz not null default now()
);
alter table public.price_history enable row level security;

create index price_history_product_idx
  on public.price_history (product_id, platform, scraped_at desc);

create policy "Everyone reads price history" on public.price_history
  for select to anon, authenticated using (true);

revoke all on public.price_history from anon, authenticated;
grant select on public.price_history to anon, authenticated;
grant all on public.price_history to service_role;

-- The latest known price of each product on each platform.
create view public.latest_prices with (security_invoker = true) as
  select distinct on (product_id, platform) product_id, platform, price, scraped_at
  from public.price_history
  order by product_id, platform, scraped_at desc;

revoke all on public.latest_prices from anon, authenticated, service_role;
grant select on public.latest_prices to anon, authenticated, service_role;
