-- Product search and the header's suggestions at 100,000 products (issue 14: search p95 ≤ 20 ms,
-- suggestions ≤ 10 ms on PostgreSQL; docs/benchmarks/search.md). The results stay exactly as they
-- were: the same matches, scores, totals, filters, sorts and pages.
--
-- 1. The word matches are read from product_search, a copy of the columns search reads (name,
--    created_at, price, audience, categories, search vector): about 600 bytes a row, not the
--    2-3 KB of a product with its description, media and SEO text. A broad query (a category
--    name matches 6,000-8,000 products, each scored) reads a few thousand pages of it instead of
--    one page per match of products, and at 100,000 products it stays in memory (about 80 MB with
--    its index) where products (300 MB) does not. A statement trigger on products keeps it in
--    step with every write.
-- 2. Sorted by newest or by price, only the matches whose sort key can reach the page (ties
--    included) are scored; the total is counted from the matches, not by a window over them.
-- 3. The suggestions' `name ilike '%term%'` (PostgREST, from the header's search box) had no
--    index: a term found in few names read the whole table (270 ms). A trigram index on name
--    serves it; pg_trgm folds case itself, so the same index serves the typo branch, which now
--    tests `name %> needle` instead of `lower(name) %> needle` (the same rows), and the old index
--    on lower(name) goes.
--
-- Read: everyone may read product_search (the same public columns as products). Write: only the
-- trigger on products, as the table's owner.

create table public.product_search (
  id uuid primary key,
  name text not null,
  created_at timestamptz not null,
  price numeric(10, 2) not null,
  gender_category public.gender_category not null,
  category_ids uuid[] not null,
  search_vector tsvector
);
alter table public.product_search enable row level security;

create policy "Everyone reads product search rows" on public.product_search
  for select to anon, authenticated using (true);

-- Not even the service role writes them: a row written by hand would no longer be its product's.
revoke all on public.product_search from anon, authenticated, service_role;
grant select on public.product_search to anon, authenticated, service_role;

-- Inserted products are added, deleted ones removed; an update rewrites only the rows whose
-- searched columns changed (a price import changes prices, a category rename search vectors).
create function public.product_search_after_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'TRUNCATE' then
    delete from public.product_search;
    return null;
  end if;
  -- Each statement names only the transition tables its operation has (plpgsql plans it when it runs).
  if tg_op = 'DELETE' then
    delete from public.product_search s using old_rows o where s.id = o.id;
    return null;
  end if;
  if tg_op = 'UPDATE' then
    delete from public.product_search s
    using old_rows o
    where s.id = o.id and not exists (select from new_rows n where n.id = o.id);
  end if;
  insert into public.product_search as s (id, name, created_at, price, gender_category, category_ids, search_vector)
  select n.id, n.name, n.created_at, n.price, n.gender_category, n.category_ids, n.search_vector
  from new_rows n
  order by n.id
  on conflict (id) do update
    set name = excluded.name, created_at = excluded.created_at, price = excluded.price,
        gender_category = excluded.gender_category, category_ids = excluded.category_ids,
        search_vector = excluded.search_vector
    where (s.name, s.created_at, s.price, s.gender_category, s.category_ids, s.search_vector)
          is distinct from (excluded.name, excluded.created_at, excluded.price, excluded.gender_category,
                            excluded.category_ids, excluded.search_vector);
  return null;
end;
$$;

create trigger products_search_after_insert after insert on public.products
  referencing new table as new_rows
  for each statement execute function public.product_search_after_write();
create trigger products_search_after_update after update on public.products
  referencing new table as new_rows old table as old_rows
  for each statement execute function public.product_search_after_write();
create trigger products_search_after_delete after delete on public.products
  referencing old table as old_rows
  for each statement execute function public.product_search_after_write();
create trigger products_search_after_truncate after truncate on public.products
  for each statement execute function public.product_search_after_write();

revoke all on function public.product_search_after_write() from public, anon, authenticated;

-- The products already there (the demo, and any catalogue migrated in place).
insert into public.product_search (id, name, created_at, price, gender_category, category_ids, search_vector)
select id, name, created_at, price, gender_category, category_ids, search_vector
from public.products;
create index product_search_vector_idx on public.product_search using gin (search_vector);

-- Search reads the vectors from product_search only.
drop index public.products_search_vector_idx;

-- `name ilike '%term%'` (suggestions) and `name %> needle` (typos): trigrams are case-folded.
create index products_name_trgm_ops_idx on public.products using gin (name extensions.gin_trgm_ops);
drop index public.products_name_trgm_idx;


-- A word match's score (see 20261101000900_search.sql): the name part for rows whose name holds
-- one of the words, and the text rank. No search_path setting: it reads no table, and without
-- one it is inlined into the query that calls it per row.
create function public.product_search_score(
  needle text, name text, search_vector tsvector, typed tsquery, prefixes tsquery, in_name tsquery
)
returns real
language sql immutable parallel safe
as $$
  select (case when search_vector @@ in_name
               then 0.7 * extensions.word_similarity(needle, lower(name))
                  + 0.1 * least(char_length(needle), char_length(name))::real
                        / greatest(char_length(needle), char_length(name))
               else 0 end
          + 0.2 * greatest(coalesce(ts_rank(search_vector, typed, 32), 0),
                           coalesce(ts_rank(search_vector, prefixes, 32), 0)))::real
$$;

grant execute on function public.product_search_score(text, text, tsvector, tsquery, tsquery, tsquery)
  to anon, authenticated, service_role;

create or replace function public.search_products_ranked(
  search_query text,
  category_filter uuid default null,
  gender_filter text default null,
  price_min numeric default null,
  price_max numeric default null,
  sort_by text default 'relevance',
  result_limit integer default 24,
  result_offset integer default 0
)
returns table (
  id uuid,
  name text,
  description text,
  price numeric,
  image_url text,
  gender_category public.gender_category,
  category_ids uuid[],
  subcategory_ids uuid[],
  tagline text,
  created_at timestamptz,
  rank real,
  total_count bigint
)
language plpgsql stable
security invoker
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  needle text := lower(extensions.unaccent(btrim(coalesce(search_query, ''))));
  typed tsquery;
  prefixes tsquery;
  in_name tsquery;
  audiences public.gender_category[] :=
    case when gender_filter is null or gender_filter = '' then null
         else public.audience_set(gender_filter) end;
  -- Sorted by a column, the score only breaks ties.
  sorted boolean := sort_by in ('newest', 'lowToHigh', 'highToLow');
begin
  if char_length(needle) < 2 then
    raise exception 'search_query must have at least 2 characters' using errcode = '22023';
  end if;
  if char_length(needle) > 200 then
    raise exception 'search_query must have at most 200 characters' using errcode = '22023';
  end if;
  if sort_by is not null and sort_by not in ('relevance', 'newest', 'lowToHigh', 'highToLow') then
    raise exception 'sort_by must be relevance, newest, lowToHigh or highToLow, not %', sort_by
      using errcode = '22023';
  end if;
  if result_limit is null or result_limit < 1 or result_limit > 100 then
    raise exception 'result_limit must be between 1 and 100' using errcode = '22023';
  end if;
  if result_offset is null or result_offset < 0 then
    raise exception 'result_offset must be 0 or more' using errcode = '22023';
  end if;

  typed := websearch_to_tsquery('english', needle);
  prefixes := public.prefix_tsquery(needle);
  -- Any of the words starting a word of the name: 'wireless':*A | 'head':*A.
  in_name := replace(replace(prefixes::text, ':*', ':*A'), ' & ', ' | ')::tsquery;
  -- Plain words (no quotes, or, -): the prefix query finds every row the typed one finds.
  if replace(prefixes::text, ':*', '') = typed::text then
    typed := null;
  end if;

  return query
  with by_words as materialized (
    -- Scored here unless sorted by a column (then `scored` below scores the few that need it).
    select p.id, p.created_at, p.price,
      case when not sorted then public.product_search_score(needle, p.name, p.search_vector, typed, prefixes, in_name) end
        as score
    from public.product_search p
    where (p.search_vector @@ typed or p.search_vector @@ prefixes)
      and (category_filter is null or p.category_ids @> array[category_filter])
      and (audiences is null or p.gender_category = any (audiences))
      and (price_min is null or p.price >= price_min)
      and (price_max is null or p.price <= price_max)
  ),
  by_name as materialized (
    select p.id, p.created_at, p.price,
      (0.7 * extensions.word_similarity(needle, lower(p.name))
       + 0.1 * least(char_length(needle), char_length(p.name))::real
             / greatest(char_length(needle), char_length(p.name)))::real as score
    from public.products p
    where not exists (select from by_words)
      -- Written as the index has it, so the check is not run a second time as a filter.
      and p.name operator(extensions.%>) needle
      and (category_filter is null or p.category_ids @> array[category_filter])
      and (audiences is null or p.gender_category = any (audiences))
      and (price_min is null or p.price >= price_min)
      and (price_max is null or p.price <= price_max)
  ),
  matches as materialized (
    select * from by_words union all select * from by_name
  ),
  -- Unscored word matches (sorted by a column): those whose sort key reaches the page, with every
  -- row tied with the last of them, since the score decides among equal keys.
  reaching as (
    select m.id, m.created_at, m.price
    from matches m
    where m.score is null
    order by
      case when sort_by = 'newest' then m.created_at end desc,
      case when sort_by = 'lowToHigh' then m.price end asc,
      case when sort_by = 'highToLow' then m.price end desc
    fetch first (result_offset::bigint + result_limit) rows with ties
  ),
  scored as (
    select m.id, m.created_at, m.price, m.score from matches m where m.score is not null
    union all
    select r.id, r.created_at, r.price,
           public.product_search_score(needle, p.name, p.search_vector, typed, prefixes, in_name)
    from reaching r
    join public.product_search p on p.id = r.id
  ),
  page as (
    select s.id, s.score
    from scored s
    order by
      case when sort_by = 'newest' then s.created_at end desc,
      case when sort_by = 'lowToHigh' then s.price end asc,
      case when sort_by = 'highToLow' then s.price end desc,
      s.score desc, s.created_at desc, s.id
    limit result_limit offset result_offset
  )
  select p.id, p.name, p.description, p.price, p.image_url, p.gender_category, p.category_ids,
         p.subcategory_ids, p.tagline, p.created_at, least(g.score, 1)::real,
         (select count(*) from matches)
  from page g
  join public.products p on p.id = g.id
  order by
    case when sort_by = 'newest' then p.created_at end desc,
    case when sort_by = 'lowToHigh' then p.price end asc,
    case when sort_by = 'highToLow' then p.price end desc,
    g.score desc, p.created_at desc, p.id;
end;
$$;
