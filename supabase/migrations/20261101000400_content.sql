-- Editorial content: writers and blogs.
--
-- Read: everyone. Write: the service role only (admin functions, the seed).
--
-- A blog belongs to one blog category and one audience and may embed products in its markdown
-- body with <product-embed productId="…"> and <three-products productid='["…","…","…"]'> tags.
-- products_id is derived from those tags by a trigger, so it always matches the body. The search
-- vector includes the category name and follows a rename of the category.

create table public.writers (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 200),
  image_url text check (image_url is null or public.is_http_url(image_url)),
  description text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.writers enable row level security;

create index writers_name_idx on public.writers (name);
create index writers_updated_at_idx on public.writers (updated_at);

create trigger writers_set_updated_at before update on public.writers
  for each row execute function public.set_updated_at();

create policy "Everyone reads writers" on public.writers
  for select to anon, authenticated using (true);

revoke all on public.writers from anon, authenticated;
grant select on public.writers to anon, authenticated;
grant all on public.writers to service_role;


-- The ids of the products embedded in a blog body, in order of first appearance.
create function public.embedded_product_ids(content text)
returns uuid[]
language sql immutable
set search_path = ''
as $$
  select coalesce(array_agg(id order by position), '{}')
  from (
    select lower(found.uuid[1])::uuid as id, min(tag.n * 1000 + found.k) as position
    from regexp_matches(coalesce(content, ''), '<(?:product-embed|three-products)\s[^>]*>', 'gi')
           with ordinality as tag(match, n)
    cross join lateral regexp_matches(
           tag.match[1],
           '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}',
           'gi'
         ) with ordinality as found(uuid, k)
    group by 1
  ) as ids
$$;

grant execute on function public.embedded_product_ids(text) to anon, authenticated, service_role;

create table public.blogs (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(btrim(title)) between 1 and 200),
  content text not null default '',
  excerpt text not null default '',
  category_id uuid references public.categories (id) on delete set null,
  gender_category public.gender_category not null default 'for_both',
  image_url text check (image_url is null or public.is_http_url(image_url)),
  publish_date timestamptz not null default now(),
  products_id uuid[] not null default '{}',
  writer_id uuid references public.writers (id) on delete set null,
  author text,
  featured boolean not null default false,
  search_vector tsvector,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.blogs enable row level security;

create index blogs_created_at_idx on public.blogs (created_at desc, id);
create index blogs_category_created_at_idx on public.blogs (category_id, created_at desc);
create index blogs_writer_created_at_idx on public.blogs (writer_id, created_at desc);
create index blogs_gender_created_at_idx on public.blogs (gender_category, created_at desc);
create index blogs_featured_created_at_idx on public.blogs (created_at desc) where featured;
create index blogs_updated_at_idx on public.blogs (updated_at);
create index blogs_products_id_idx on public.blogs using gin (products_id);
create index blogs_search_vector_idx on public.blogs using gin (search_vector);
create index blogs_title_trgm_idx on public.blogs using gin (lower(title) extensions.gin_trgm_ops);

create function public.blogs_before_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  category_name text;
begin
  if new.category_id is distinct from (case when tg_op = 'UPDATE' then old.category_id end)
     and new.category_id is not null
     and not exists (
       select 1 from public.categories c where c.id = new.category_id and 'blog' = any (c.type)
     ) then
    raise exception 'category_id: % is not a blog category', new.category_id
      using errcode = '23514', hint = 'Choose a category whose types include blog.';
  end if;

  new.products_id := public.embedded_product_ids(new.content);

  select c.name into category_name from public.categories c where c.id = new.category_id;
  new.search_vector :=
    setweight(to_tsvector('english', extensions.unaccent(new.title)), 'A') ||
    setweight(to_tsvector('english', extensions.unaccent(
      new.excerpt || ' ' || coalesce(category_name, ''))), 'B') ||
    setweight(to_tsvector('english', extensions.unaccent(new.content)), 'D');
  return new;
end;
$$;

create trigger blogs_before_write before insert or update on public.blogs
  for each row execute function public.blogs_before_write();

create trigger blogs_set_updated_at before update on public.blogs
  for each row execute function public.set_updated_at();

-- A renamed category refreshes its blogs' search vectors (and updated_at, so the next build
-- re-reads them).
create function public.blogs_after_category_rename()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.blogs set title = title where category_id = new.id;
  return new;
end;
$$;

create trigger categories_rename_blogs after update of name on public.categories
  for each row when (new.name is distinct from old.name)
  execute function public.blogs_after_category_rename();

create policy "Everyone reads blogs" on public.blogs
  for select to anon, authenticated using (true);

revoke all on public.blogs from anon, authenticated;
grant select on public.blogs to anon, authenticated;
grant all on public.blogs to service_role;
