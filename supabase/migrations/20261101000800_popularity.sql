-- Popularity rankings for products and blogs, from the click counts.
--
-- Windows: 'daily' counts yesterday's clicks, 'weekly' last week's (Monday to Sunday), anything
-- else ('monthly') last month's (UTC calendar days). The rankings return ids, click counts and the
-- total, never click events, so they are open to everyone; they read the click tables as their
-- owner.

create function public.popularity_range(time_window text, as_of timestamptz)
returns table (starts date, ends date)
language sql immutable
set search_path = ''
as $$
  select
    case time_window
      when 'daily' then today::date - 1
      when 'weekly' then (date_trunc('week', today) - interval '7 days')::date
      else (date_trunc('month', today) - interval '1 month')::date
    end,
    case time_window
      when 'daily' then today::date
      when 'weekly' then date_trunc('week', today)::date
      else date_trunc('month', today)::date
    end
  -- A timestamp without time zone, so the result does not depend on the session's time zone
  -- (the function is immutable).
  from (select date_trunc('day', as_of at time zone 'utc') as today) as t
$$;

-- Clicks per item of one type within a window.
create function public.window_clicks(item_type text, time_window text, as_of timestamptz)
returns table (item_id uuid, clicks bigint)
language sql stable
security definer
set search_path = ''
as $$
  select c.item_id, sum(c.clicks)::bigint
  from public.popularity_range(time_window, as_of) as r,
       public.clicks_per_day(r.starts) as c
  where c.click_type = item_type and c.day < r.ends and c.clicks > 0
  group by c.item_id
$$;

-- Products ranked by clicks in a window, most clicked first, with the listing filters. With
-- fallback, an empty daily ranking falls back to weekly, and an empty weekly one to monthly.
-- With include_unclicked, products without clicks follow the ranked ones, newest first, so the
-- 'popular' sort can page through the whole catalogue. ranked_window says which window answered.
create function public.popular_products(
  time_window text default 'monthly',
  category_filter uuid default null,
  subcategory_filter uuid[] default null,
  gender_filter text default null,
  price_min numeric default null,
  price_max numeric default null,
  page integer default 1,
  per_page integer default 20,
  include_unclicked boolean default false,
  fallback boolean default true,
  as_of timestamptz default now()
)
returns table (id uuid, clicks bigint, ranked_window text, total_count bigint)
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  -- Any window other than daily and weekly is monthly, and ranked_window says so.
  asked text := case when time_window in ('daily', 'weekly') then time_window else 'monthly' end;
  windows text[] := case
    when not coalesce(fallback, true) then array[asked]
    when asked = 'daily' then array['daily', 'weekly', 'monthly']
    when asked = 'weekly' then array['weekly', 'monthly']
    else array['monthly']
  end;
  chosen text;
  audiences public.gender_category[] :=
    case when gender_filter is null or gender_filter = '' then null
         else public.audience_set(gender_filter) end;
begin
  if page is null or page < 1 then
    raise exception 'page must be 1 or more, not %', coalesce(page::text, 'null') using errcode = '22023';
  end if;
  if per_page is null or per_page < 1 or per_page > 1000 then
    raise exception 'per_page must be between 1 and 1000, not %', coalesce(per_page::text, 'null')
      using errcode = '22023';
  end if;

  foreach chosen in array windows loop
    exit when exists (
      select 1
      from public.window_clicks('product', chosen, as_of) w
      join public.products p on p.id = w.item_id
      where (category_filter is null or p.category_ids @> array[category_filter])
        and (subcategory_filter is null or p.subcategory_ids && subcategory_filter)
        and (audiences is null or p.gender_category = any (audiences))
        and (price_min is null or p.price >= price_min)
        and (price_max is null or p.price <= price_max)
    );
  end loop;

  return query
  with ranked as (
    select p.id, coalesce(w.clicks, 0)::bigint as clicks, p.created_at
    from public.products p
    left join public.window_clicks('product', chosen, as_of) w on w.item_id = p.id
    where (w.item_id is not null or include_unclicked)
      and (category_filter is null or p.category_ids @> array[category_filter])
      and (subcategory_filter is null or p.subcategory_ids && subcategory_filter)
      and (audiences is null or p.gender_category = any (audiences))
      and (price_min is null or p.price >= price_min)
      and (price_max is null or p.price <= price_max)
  )
  select r.id, r.clicks, chosen, count(*) over ()
  from ranked r
  order by r.clicks desc, r.created_at desc, r.id
  limit per_page offset (page - 1)::bigint * per_page; -- bigint: the last pages of integer range are empty, not an overflow
end;
$$;

-- Blogs ranked by clicks in a window (default last week), with the audience and category
-- filters. Without any clicked blog in the window, the newest blogs answer (clicks 0).
create function public.popular_blogs(
  time_window text default 'weekly',
  gender_filter text default null,
  category_filter uuid default null,
  result_limit integer default 4,
  result_offset integer default 0,
  as_of timestamptz default now()
)
returns table (id uuid, clicks bigint, total_count bigint)
language plpgsql stable
security definer
set search_path = ''
as $$
declare
  audiences public.gender_category[] :=
    case when gender_filter is null or gender_filter = '' then null
         else public.audience_set(gender_filter) end;
begin
  if result_limit is null or result_limit < 1 or result_limit > 1000 then
    raise exception 'result_limit must be between 1 and 1000, not %', coalesce(result_limit::text, 'null')
      using errcode = '22023';
  end if;
  if result_offset is null or result_offset < 0 then
    raise exception 'result_offset must be 0 or more, not %', coalesce(result_offset::text, 'null')
      using errcode = '22023';
  end if;

  return query
  with candidates as (
    select b.id, coalesce(w.clicks, 0)::bigint as clicks, b.created_at
    from public.blogs b
    left join public.window_clicks('blog', time_window, as_of) w on w.item_id = b.id
    where (audiences is null or b.gender_category = any (audiences))
      and (category_filter is null or b.category_id = category_filter)
  ),
  ranked as (
    select * from candidates c
    where c.clicks > 0 or not exists (select 1 from candidates k where k.clicks > 0)
  )
  select r.id, r.clicks, count(*) over ()
  from ranked r
  order by r.clicks desc, r.created_at desc, r.id
  limit result_limit offset result_offset;
end;
$$;

revoke all on function public.popularity_range(text, timestamptz),
  public.window_clicks(text, text, timestamptz) from public, anon, authenticated;
grant execute on function public.popularity_range(text, timestamptz),
  public.window_clicks(text, text, timestamptz) to service_role;

grant execute on function
  public.popular_products(text, uuid, uuid[], text, numeric, numeric, integer, integer, boolean, boolean, timestamptz),
  public.popular_blogs(text, text, uuid, integer, integer, timestamptz)
  to anon, authenticated, service_role;
