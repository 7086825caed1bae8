-- Broad searches and typo matching at 100,000 products (issue 14: search p95 <= 20 ms on
-- PostgreSQL; docs/benchmarks/search.md). What the slowest searches spent their time on:
--
-- 1. Typo matching (names resembling the query) ran whenever the words matched nothing within the
--    filters: 'head' in a category without heads compared every name resembling 'head' (6,919
--    candidates, 70 ms), a product's whole name searched in another category compared hundreds of
--    names trigram by trigram (20-25 ms) - and then listed look-alikes ('bread', 'ahead') the
--    shopper did not ask for. It now runs only when no product at all has the words: a word the
--    catalogue has is spelled right, and then the filters decide. A misspelt word ('hedphones')
--    is still found as before, with or without filters.
-- 2. Typo matching reads product_search (57 MB, in memory) through its own trigram index instead
--    of products (295 MB, read from disk a page per candidate). The suggestions keep the trigram
--    index on products (they read products through PostgREST).
-- 3. A word match's name score came from trigram similarity (word_similarity, about 7 us a row):
--    'makes' scored 3,127 names that way, 'head' 2,322. The name score now comes from the words
--    of the name, which the search vector already holds with weight A: the share of the query's
--    words that start a word of the name, and the share it holds whole (ts_rank restricted to
--    weight A, about 0.3 us a row), and whether the name holds the query as typed (the stems
--    of 'headphones' and 'headphone' are one). The scale stays: an exact name scores above 0.8
--    (Best Match), a whole word counts more than a word start ('head' ranks Head Massager above
--    Headphones), the query as typed more than another form of its words, a shorter name above a
--    longer one holding the same words, and a match only in the description at most 0.2. Typo matches keep trigram similarity: that is what they are.

create index product_search_name_trgm_idx on public.product_search using gin (name extensions.gin_trgm_ops);

-- Whether any product has words starting as the query's words do (prefix_tsquery). Asked only when
-- the words match nothing within the filters, mostly for misspelt words that no product has: the
-- index finds that at once, while a scan (which the planner prefers, blind to how rare the words
-- are) reads all 100,000 rows to find no match. Hence no sequential scan, for this query only.
create function public.catalogue_has_words(prefixes tsquery)
returns boolean
language sql stable
security invoker
set search_path = ''
set enable_seqscan = off
as $$
  select exists (select from public.product_search p where p.search_vector @@ prefixes)
$$;

grant execute on function public.catalogue_has_words(tsquery) to anon, authenticated, service_role;

-- A word match's score: for rows whose name holds a word starting as a query word does, 0.7 for
-- the name (half for the share of the query's words starting a word of the name, a quarter for the
-- share it holds whole, a quarter for holding the query as typed) and 0.1 for how close the
-- name's length is to the query's; then 0.2 for the text rank. ts_rank over weight A alone, with
-- no normalisation, is the average over the query's words of 0.6079 for a word found once in the
-- name (more if repeated, hence least()). No search_path setting: it reads no table, and without
-- one it is inlined into the query that calls it per row.
create function public.product_words_score(
  needle text, name text, search_vector tsvector, typed tsquery, prefixes tsquery,
  any_start tsquery, any_word tsquery
)
returns real
language sql immutable parallel safe
as $$
  select (case when ts_rank('{0,0,0,1}', search_vector, any_start, 0) > 0
               then 0.7 * (0.5 * least(1, ts_rank('{0,0,0,1}', search_vector, any_start, 0) / 0.6079271)
                         + 0.25 * least(1, ts_rank('{0,0,0,1}', search_vector, any_word, 0) / 0.6079271)
                         + 0.25 * (strpos(lower(name), needle) > 0)::int)
                  + 0.1 * least(char_length(needle), char_length(name))::real
                        / greatest(char_length(needle), char_length(name))
               else 0 end
          + 0.2 * greatest(coalesce(ts_rank(search_vector, typed, 32), 0),
                           coalesce(ts_rank(search_vector, prefixes, 32), 0)))::real
$$;

grant execute on function public.product_words_score(text, text, tsvector, tsquery, tsquery, tsquery, tsquery)
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
  any_start tsquery;
  any_word tsquery;
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
  -- Any of the words, as a word start and whole: 'wireless':* | 'head':*, 'wireless' | 'head'.
  any_start := replace(prefixes::text, ' & ', ' | ')::tsquery;
  any_word := replace(any_start::text, ':*', '')::tsquery;
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
    from public.product_search p
    where not exists (select from by_words)
      and not public.catalogue_has_words(prefixes)
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

-- Its only caller was the function above.
drop function public.product_search_score(text, text, tsvector, tsquery, tsquery, tsquery);
