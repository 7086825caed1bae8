-- /blogs lists every article most popular first by default (spec: sort options default popular),
-- as /products does: the articles clicked in the window in rank order, then the others newest
-- first. popular_blogs takes include_unclicked for that list; without it a ranking holds only the
-- clicked articles, or the newest when none was clicked, as the 'Top Blogs' sections show them.
-- The new argument comes last, so calls that name their arguments or give them in order are
-- unchanged (popular_blogs_batch names them). A function's arguments cannot change in place, hence
-- drop and create.

drop function public.popular_blogs(text, text, uuid, integer, integer, timestamptz);

create function public.popular_blogs(
  time_window text default 'weekly',
  gender_filter text default null,
  category_filter uuid default null,
  result_limit integer default 4,
  result_offset integer default 0,
  as_of timestamptz default now(),
  include_unclicked boolean default false
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
    where c.clicks > 0
       or coalesce(include_unclicked, false)
       or not exists (select 1 from candidates k where k.clicks > 0)
  )
  select r.id, r.clicks, count(*) over ()
  from ranked r
  order by r.clicks desc, r.created_at desc, r.id
  limit result_limit offset result_offset;
end;
$$;

grant execute on function public.popular_blogs(text, text, uuid, integer, integer, timestamptz, boolean)
  to anon, authenticated, service_role;
