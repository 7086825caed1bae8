-- Many popularity rankings in one request.
--
-- A build shows a few hundred popular lists (the home page's, each audience page's, each category
-- page's); asking popular_products or popular_blogs once per list costs a round trip each. These
-- take the lists' questions as a JSON array and answer each question with one row: its place in
-- the array (from 1) and the ranked ids as an array, so the answer stays within hosted Supabase's
-- cap on rows however long the lists are. The ranking functions themselves answer each question,
-- so a list from a batch and the same list an island asks for agree.
--
-- A question is an object whose keys are the ranking function's argument names; a key left out
-- or null takes the function's default, and as_of is the batch's for every question.
--
-- Execute: everyone, as the rankings themselves; popularity_questions, the shared check of the
-- questions, only through them.

-- The questions of a batch, numbered from 1; refuses anything but an array of at most 1000 objects.
create function public.popularity_questions(queries jsonb)
returns table (question integer, args jsonb)
language plpgsql immutable
set search_path = ''
as $$
begin
  if queries is null or jsonb_typeof(queries) <> 'array' then
    raise exception 'queries must be an array of questions, not %', coalesce(jsonb_typeof(queries), 'null')
      using errcode = '22023';
  end if;
  -- Bounded, so that one request cannot hold the database for long.
  if jsonb_array_length(queries) > 1000 then
    raise exception 'at most 1000 questions at once, not %', jsonb_array_length(queries)
      using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(queries) as q(value) where jsonb_typeof(q.value) <> 'object') then
    raise exception 'each question must be an object of arguments'
      using errcode = '22023';
  end if;
  return query
  select q.position::integer, q.value
  from jsonb_array_elements(queries) with ordinality as q(value, position);
end;
$$;

create function public.popular_products_batch(queries jsonb, as_of timestamptz default now())
returns table (question integer, ids uuid[], ranked_window text, total_count bigint)
language sql stable
security definer
set search_path = ''
as $$
  select q.question,
         coalesce(array_agg(r.id order by r.place) filter (where r.id is not null), '{}'),
         min(r.ranked_window),
         coalesce(min(r.total_count), 0)
  from public.popularity_questions(queries) as q
  left join lateral public.popular_products(
    time_window => coalesce(q.args ->> 'time_window', 'monthly'),
    category_filter => (q.args ->> 'category_filter')::uuid,
    subcategory_filter => case when jsonb_typeof(q.args -> 'subcategory_filter') = 'array'
      then array(select s::uuid from jsonb_array_elements_text(q.args -> 'subcategory_filter') as s) end,
    gender_filter => q.args ->> 'gender_filter',
    price_min => (q.args ->> 'price_min')::numeric,
    price_max => (q.args ->> 'price_max')::numeric,
    page => coalesce((q.args ->> 'page')::integer, 1),
    per_page => coalesce((q.args ->> 'per_page')::integer, 20),
    include_unclicked => coalesce((q.args ->> 'include_unclicked')::boolean, false),
    fallback => coalesce((q.args ->> 'fallback')::boolean, true),
    as_of => as_of
  ) with ordinality as r(id, clicks, ranked_window, total_count, place) on true
  group by q.question
  order by q.question
$$;

create function public.popular_blogs_batch(queries jsonb, as_of timestamptz default now())
returns table (question integer, ids uuid[], total_count bigint)
language sql stable
security definer
set search_path = ''
as $$
  select q.question,
         coalesce(array_agg(r.id order by r.place) filter (where r.id is not null), '{}'),
         coalesce(min(r.total_count), 0)
  from public.popularity_questions(queries) as q
  left join lateral public.popular_blogs(
    time_window => coalesce(q.args ->> 'time_window', 'weekly'),
    gender_filter => q.args ->> 'gender_filter',
    category_filter => (q.args ->> 'category_filter')::uuid,
    result_limit => coalesce((q.args ->> 'result_limit')::integer, 4),
    result_offset => coalesce((q.args ->> 'result_offset')::integer, 0),
    as_of => as_of
  ) with ordinality as r(id, clicks, total_count, place) on true
  group by q.question
  order by q.question
$$;

revoke all on function public.popularity_questions(jsonb) from public, anon, authenticated;

grant execute on function
  public.popular_products_batch(jsonb, timestamptz),
  public.popular_blogs_batch(jsonb, timestamptz)
  to anon, authenticated, service_role;
