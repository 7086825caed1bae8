-- Sorted by a column, a broad search sorts only what it must (issue 14: search p95 <= 20 ms at
-- 100,000 products on PostgreSQL; docs/benchmarks/search.md). Sorted by date or price, the function
-- scores only the word matches whose sort key reaches the page, with every row tied with the last
-- of them. It found them with `fetch first n rows with ties`, and PostgreSQL cannot bound a sort
-- under `with ties`: 'upgraded' sorted by price, third page, sorted all its 10,062 matches (a
-- quicksort of 1.2 MB) to keep 80. Now a bounded sort finds the sort key of the page's last row,
-- and a filter keeps every match up to and including that key: the same rows, 21.5 -> 15.8 ms for
-- that call on this host. And a null sort_by, which is relevance, is scored as relevance: it went the
-- sorted way, every match tied with every other (the new filter would have left them out). Only
-- search_products_ranked changes.

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
  any_start tsquery;
  any_word tsquery;
  -- The rows to find: prefixes, each word start spelt out as the catalogue's words.
  matching tsquery;
  audiences public.gender_category[] :=
    case when gender_filter is null or gender_filter = '' then null
         else public.audience_set(gender_filter) end;
  -- Sorted by a column, the score only breaks ties. No sort (null) is relevance.
  sorted boolean := coalesce(sort_by in ('newest', 'lowToHigh', 'highToLow'), false);
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
  -- Any of the words, as a word start and whole: 'wireless':* | 'head':*, 'wireless' | 'head'.
  any_start := replace(prefixes::text, ' & ', ' | ')::tsquery;
  any_word := replace(any_start::text, ':*', '')::tsquery;
  matching := public.catalogue_word_forms(prefixes);
  -- Plain words (no quotes, or, -): the prefix query finds every row the typed one finds.
  if replace(prefixes::text, ':*', '') = typed::text then
    typed := null;
  end if;

  return query
  with by_words as materialized (
    -- Scored here unless sorted by a column (then `scored` below scores the few that need it).
    select p.id, p.created_at, p.price,
      case when not sorted then public.product_words_score(needle, p.name, p.search_vector, typed, prefixes, any_start, any_word) end
        as score
    from public.product_search p
    where (p.search_vector @@ typed or p.search_vector @@ matching)
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
    from public.product_search p
    where not exists (select from by_words)
      and not public.catalogue_has_words(matching)
      -- Written as the index has it, so the check is not run a second time as a filter.
      and p.name operator(extensions.%>) needle
      and (category_filter is null or p.category_ids @> array[category_filter])
      and (audiences is null or p.gender_category = any (audiences))
      and (price_min is null or p.price >= price_min)
      and (price_max is null or p.price <= price_max)
  ),
  matches as not materialized (
    select * from by_words union all select * from by_name
  ),
  -- The sort key of the last row the page reaches among the unscored word matches (sorted by a
  -- column), or no row when fewer match. `offset ... limit 1` is a bounded sort, which keeps only
  -- that many rows at a time; `fetch first ... with ties` sorted every match.
  edge as (
    select m.created_at, m.price
    from matches m
    where m.score is null
    order by
      case when sort_by = 'newest' then m.created_at end desc,
      case when sort_by = 'lowToHigh' then m.price end asc,
      case when sort_by = 'highToLow' then m.price end desc
    offset result_offset::bigint + result_limit - 1 limit 1
  ),
  -- Those whose sort key reaches the page, with every row tied with the last of them, since the
  -- score decides among equal keys.
  reaching as (
    select m.id, m.created_at, m.price
    from matches m
    where m.score is null
      and (not exists (select from edge)
           or case sort_by
                when 'newest' then m.created_at >= (select e.created_at from edge e)
                when 'lowToHigh' then m.price <= (select e.price from edge e)
                when 'highToLow' then m.price >= (select e.price from edge e)
              end)
  ),
  scored as (
    select m.id, m.created_at, m.price, m.score from matches m where m.score is not null
    union all
    select r.id, r.created_at, r.price,
           public.product_words_score(needle, p.name, p.search_vector, typed, prefixes, any_start, any_word)
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
