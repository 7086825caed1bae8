-- Full-text search over products and blogs, called by the search page with exactly the
-- parameter names the specification gives.
--
-- A row matches when its weighted search vector matches the words as typed (websearch syntax) or
-- as prefixes ('head' finds 'headphones'). When the words match nothing, names or titles close to
-- the query by trigram word similarity match instead (typos: 'hedphones'). rank is normalised to
-- 0..1:
--   0.7 × word similarity of the query to the name/title (the query found within it)
-- + 0.1 × the shorter of the query and the name/title over the longer (an exact name beats a
--         longer one)
-- + 0.2 × ts_rank of the words as typed or as prefixes (weights A name/title … D body),
--         normalised by rank/(rank+1)
-- where the first two terms count only for rows whose name/title holds one of the words (or that
-- matched as a typo), so only a close name/title match that also matches as text scores above
-- 0.8 ('Best Match'), and a row matching only in its other text scores at most 0.2.
-- total_count is the number of matches before paging, repeated on every row.
--
-- Speed (docs/benchmarks/search.md: p95 under 50 ms at 100,000 products on PostgreSQL): the
-- matches are found through the GIN indexes only — the search vector index for the words, the
-- trigram index on lower(name)/lower(title) only when the words found nothing — and scored once,
-- paying for the trigram similarity only where a name/title can match; the wide columns are
-- read for the returned page alone. The plan is generic (plan_cache_mode): as anon the planner
-- may not use the column statistics behind RLS, and with literal filter values it chose plans
-- that walked the created_at or price index across most of the table (0.5–1 s per call).
--
-- Read: everyone (security invoker; the tables' policies apply).

-- The words of a query as a prefix tsquery: 'wireless head' → 'wireless':* & 'head':*.
create function public.prefix_tsquery(query text)
returns tsquery
language sql immutable
set search_path = ''
as $$
  select case when words = '' then null else to_tsquery('english', words) end
  from (
    select coalesce(string_agg(word || ':*', ' & '), '') as words
    from regexp_split_to_table(lower(coalesce(query, '')), '[^[:alnum:]]+') as word
    where word <> ''
  ) as w
$$;

create function public.search_products_enhanced(
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
    select p.id, p.created_at, p.price,
      (case when p.search_vector @@ in_name
            then 0.7 * extensions.word_similarity(needle, lower(p.name))
               + 0.1 * least(char_length(needle), char_length(p.name))::real
                     / greatest(char_length(needle), char_length(p.name))
            else 0 end
       + 0.2 * greatest(coalesce(ts_rank(p.search_vector, typed, 32), 0),
                        coalesce(ts_rank(p.search_vector, prefixes, 32), 0)))::real as score
    from public.products p
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
      and lower(p.name) operator(extensions.%>) needle
      and (category_filter is null or p.category_ids @> array[category_filter])
      and (audiences is null or p.gender_category = any (audiences))
      and (price_min is null or p.price >= price_min)
      and (price_max is null or p.price <= price_max)
  ),
  page as (
    select m.id, m.score, count(*) over () as total
    from (select * from by_words union all select * from by_name) as m
    order by
      case when sort_by = 'newest' then m.created_at end desc,
      case when sort_by = 'lowToHigh' then m.price end asc,
      case when sort_by = 'highToLow' then m.price end desc,
      m.score desc, m.created_at desc, m.id
    limit result_limit offset result_offset
  )
  select p.id, p.name, p.description, p.price, p.image_url, p.gender_category, p.category_ids,
         p.subcategory_ids, p.tagline, p.created_at, least(g.score, 1)::real, g.total
  from page g
  join public.products p on p.id = g.id
  order by
    case when sort_by = 'newest' then p.created_at end desc,
    case when sort_by = 'lowToHigh' then p.price end asc,
    case when sort_by = 'highToLow' then p.price end desc,
    g.score desc, p.created_at desc, p.id;
end;
$$;

create function public.search_blogs_enhanced(
  search_query text,
  category_filter uuid default null,
  gender_filter text default null,
  result_limit integer default 24,
  result_offset integer default 0
)
returns table (
  id uuid,
  title text,
  excerpt text,
  image_url text,
  category_id uuid,
  gender_category public.gender_category,
  publish_date timestamptz,
  writer_id uuid,
  author text,
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
  in_title tsquery;
  audiences public.gender_category[] :=
    case when gender_filter is null or gender_filter = '' then null
         else public.audience_set(gender_filter) end;
begin
  if char_length(needle) < 2 then
    raise exception 'search_query must have at least 2 characters' using errcode = '22023';
  end if;
  if char_length(needle) > 200 then
    raise exception 'search_query must have at most 200 characters' using errcode = '22023';
  end if;
  if result_limit is null or result_limit < 1 or result_limit > 100 then
    raise exception 'result_limit must be between 1 and 100' using errcode = '22023';
  end if;
  if result_offset is null or result_offset < 0 then
    raise exception 'result_offset must be 0 or more' using errcode = '22023';
  end if;

  typed := websearch_to_tsquery('english', needle);
  prefixes := public.prefix_tsquery(needle);
  in_title := replace(replace(prefixes::text, ':*', ':*A'), ' & ', ' | ')::tsquery;
  if replace(prefixes::text, ':*', '') = typed::text then
    typed := null;
  end if;

  return query
  with by_words as materialized (
    select b.id, b.created_at,
      (case when b.search_vector @@ in_title
            then 0.7 * extensions.word_similarity(needle, lower(b.title))
               + 0.1 * least(char_length(needle), char_length(b.title))::real
                     / greatest(char_length(needle), char_length(b.title))
            else 0 end
       + 0.2 * greatest(coalesce(ts_rank(b.search_vector, typed, 32), 0),
                        coalesce(ts_rank(b.search_vector, prefixes, 32), 0)))::real as score
    from public.blogs b
    where (b.search_vector @@ typed or b.search_vector @@ prefixes)
      and (category_filter is null or b.category_id = category_filter)
      and (audiences is null or b.gender_category = any (audiences))
  ),
  by_title as materialized (
    select b.id, b.created_at,
      (0.7 * extensions.word_similarity(needle, lower(b.title))
       + 0.1 * least(char_length(needle), char_length(b.title))::real
             / greatest(char_length(needle), char_length(b.title)))::real as score
    from public.blogs b
    where not exists (select from by_words)
      and lower(b.title) operator(extensions.%>) needle
      and (category_filter is null or b.category_id = category_filter)
      and (audiences is null or b.gender_category = any (audiences))
  ),
  page as (
    select m.id, m.score, count(*) over () as total
    from (select * from by_words union all select * from by_title) as m
    order by m.score desc, m.created_at desc, m.id
    limit result_limit offset result_offset
  )
  select b.id, b.title, b.excerpt, b.image_url, b.category_id, b.gender_category, b.publish_date,
         b.writer_id, b.author, b.created_at, least(g.score, 1)::real, g.total
  from page g
  join public.blogs b on b.id = g.id
  order by g.score desc, b.created_at desc, b.id;
end;
$$;

grant execute on function public.prefix_tsquery(text) to anon, authenticated, service_role;
grant execute on function
  public.search_products_enhanced(text, uuid, text, numeric, numeric, text, integer, integer),
  public.search_blogs_enhanced(text, uuid, text, integer, integer)
  to anon, authenticated, service_role;
