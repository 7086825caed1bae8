-- Word starts found as words (issue 14: search p95 <= 20 ms at 100,000 products on PostgreSQL;
-- docs/benchmarks/search.md). Every product search finds its rows with prefix_tsquery, each query
-- word as a word start ('wheel':* finds wheel and wheel-on). The GIN index answers a word start by
-- reading the posting list of every indexed word that starts so into a bitmap before it can
-- intersect anything: for a whole product name of six words that was 6.5 ms of an 8.3 ms search,
-- where the same words as whole words take about 1 ms, because the index then skips through the
-- common words' lists guided by the rare ones.
--
-- So the word starts are spelt out first: product_search_words holds every word (lexeme) of the
-- search vectors, and catalogue_word_forms turns 'mini':* into ('mini' | 'minimalist'), the words
-- the catalogue has that start so. The rows found are exactly those the prefixes find, as long as
-- every word of every vector is in the table: a trigger on product_search adds the words of each
-- row it writes, and words are never taken out (a word no product has any more only adds a term
-- that matches nothing). A word start with no word, or with more than 32 (a short start in a
-- large catalogue), stays a word start. The scores still use the prefixes, so ranks do not change.
--
-- No key makes a word unique: two saves bringing the same new word would then wait for each
-- other's commit (an admin's slow save would hold up every other save with that word). Each adds
-- the words it does not see, so a word two saves bring at once can be there twice, which the
-- spelling-out reads past.
--
-- Read: everyone (the words of public product text). Write: only the trigger.

create table public.product_search_words (
  word text collate "C" not null
);
create index product_search_words_word_idx on public.product_search_words (word);
alter table public.product_search_words enable row level security;

create policy "Everyone reads the words of product search" on public.product_search_words
  for select to anon, authenticated using (true);

revoke all on public.product_search_words from anon, authenticated, service_role;
grant select on public.product_search_words to anon, authenticated, service_role;

-- New rows add their words; updated rows only those of vectors that changed (a price import
-- rewrites prices, not words). Only words not there yet.
create function public.product_search_words_after_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into public.product_search_words (word)
    select distinct w.word
    from new_rows n, unnest(tsvector_to_array(n.search_vector)) as w(word)
    where not exists (select from public.product_search_words x where x.word = w.word);
  else
    insert into public.product_search_words (word)
    select distinct w.word
    from new_rows n
    join old_rows o on o.id = n.id and o.search_vector is distinct from n.search_vector,
    unnest(tsvector_to_array(n.search_vector)) as w(word)
    where not exists (select from public.product_search_words x where x.word = w.word);
  end if;
  return null;
end;
$$;

revoke all on function public.product_search_words_after_write() from public, anon, authenticated;

create trigger product_search_words_after_insert after insert on public.product_search
  referencing new table as new_rows
  for each statement execute function public.product_search_words_after_write();
create trigger product_search_words_after_update after update on public.product_search
  referencing new table as new_rows old table as old_rows
  for each statement execute function public.product_search_words_after_write();

insert into public.product_search_words (word)
select distinct w.word
from public.product_search p, unnest(tsvector_to_array(p.search_vector)) as w(word);

-- prefixes as prefix_tsquery makes them ('a':* & 'b':* ...), each word start replaced by the
-- catalogue's words that start so, or kept when it has none or more than 32. Anything else
-- (null, or a query of another shape) comes back as it is.
create function public.catalogue_word_forms(prefixes tsquery)
returns tsquery
language sql stable
security invoker
set search_path = ''
as $$
  with starts as (
    select t.n, t.term, m.parts[1] as start
    from unnest(string_to_array(prefixes::text, ' & ')) with ordinality as t(term, n)
    left join lateral regexp_match(t.term, '^''([^''\\]+)'':\*$') as m(parts) on true
  )
  select case when bool_and(s.start is not null)
              then string_agg(coalesce(f.words, s.term), ' & ' order by s.n)::tsquery
              else prefixes end
  from starts s
  left join lateral (
    select '( ' || string_agg('''' || replace(replace(w.word, '\', '\\'), '''', '''''') || '''', ' | ' order by w.word) || ' )' as words
    from (
      select distinct x.word
      from public.product_search_words x
      where x.word >= s.start collate "C" and starts_with(x.word, s.start)
      order by x.word
      limit 33
    ) w
    having count(*) between 1 and 32
  ) f on true
$$;

grant execute on function public.catalogue_word_forms(tsquery) to anon, authenticated, service_role;

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
