-- categories and subcategories.
--
-- Read: visitors see visible categories and the subcategories of visible categories; admins see
-- all. Write: the service role only (admin functions).
--
-- A category is typed for products, blogs and/or quizzes. `personality` marks the twenty
-- gift-finder personality categories (the quiz maps each result to one of them); `featured`
-- marks the single curated category whose products are the home page's curated picks.

create table public.categories (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 120),
  description text not null default '',
  short_description text check (char_length(short_description) <= 240),
  image_url text check (image_url is null or public.is_http_url(image_url)),
  image_url_banner text check (image_url_banner is null or public.is_http_url(image_url_banner)),
  image_url_banner_small text
    check (image_url_banner_small is null or public.is_http_url(image_url_banner_small)),
  color text not null default '#F5F5F5' check (color ~ '^#[0-9A-Fa-f]{6}$'),
  visible boolean not null default true,
  type text[] not null default '{product}'
    check (cardinality(type) > 0 and type <@ array['product', 'blog', 'quiz']),
  gender_category public.gender_category not null default 'for_both',
  personality text unique check (personality ~ '^[a-z][A-Za-z]+$'),
  featured boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.categories enable row level security;

create unique index categories_name_key on public.categories (lower(name));
create unique index categories_one_featured on public.categories (featured) where featured;
create index categories_type_idx on public.categories using gin (type);
create index categories_updated_at_idx on public.categories (updated_at);

create trigger categories_set_updated_at before update on public.categories
  for each row execute function public.set_updated_at();

create policy "Visitors read visible categories" on public.categories
  for select to anon, authenticated
  using (visible or (select public.is_admin()));

revoke all on public.categories from anon, authenticated;
grant select on public.categories to anon, authenticated;
grant all on public.categories to service_role;


create table public.subcategories (
  id uuid primary key default gen_random_uuid(),
  category_id uuid not null references public.categories (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 120),
  description text,
  gender_category public.gender_category not null default 'for_both',
  image_url text check (image_url is null or public.is_http_url(image_url)),
  color text check (color ~ '^#[0-9A-Fa-f]{6}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (category_id, name)
);
alter table public.subcategories enable row level security;

create index subcategories_name_idx on public.subcategories (name);
create index subcategories_updated_at_idx on public.subcategories (updated_at);

create trigger subcategories_set_updated_at before update on public.subcategories
  for each row execute function public.set_updated_at();

create policy "Visitors read subcategories of visible categories" on public.subcategories
  for select to anon, authenticated
  using (exists (select 1 from public.categories c where c.id = category_id));

revoke all on public.subcategories from anon, authenticated;
grant select on public.subcategories to anon, authenticated;
grant all on public.subcategories to service_role;
