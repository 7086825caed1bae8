-- Click tracking and analytics.
--
-- Every click is one append-only row in click_events (a hot shared counter row serialises
-- writers; an append does not). rollup_clicks() moves events into per-item, per-type, per-UTC-day
-- rows in clicks_daily inside one transaction, so an event is counted exactly once: either still
-- as an event or already in its day. The analytics counters are computed from both, relative to
-- the moment they are asked for, so no nightly reset can be missed.
--
-- Read: admins (the analytics panel). Write: the service role, through record_click (the
-- track-click function) and rollup_clicks (schedule and build). Popularity rankings are exposed to
-- everyone through popular_products and popular_blogs, which return ids and counts only.

create table public.click_events (
  id bigint generated always as identity primary key,
  item_id uuid not null,
  click_type text not null check (click_type in ('product', 'category', 'blog', 'quiz')),
  affiliate boolean not null default false,
  platform text,
  item_name text,
  occurred_at timestamptz not null default now(),
  check (not affiliate or click_type = 'product')
);
alter table public.click_events enable row level security;

create table public.clicks_daily (
  item_id uuid not null,
  click_type text not null check (click_type in ('product', 'category', 'blog', 'quiz')),
  day date not null,
  clicks bigint not null default 0 check (clicks >= 0),
  affiliate_clicks bigint not null default 0 check (affiliate_clicks >= 0),
  item_name text,
  last_click_at timestamptz not null,
  primary key (item_id, click_type, day)
);
alter table public.clicks_daily enable row level security;

create index clicks_daily_type_day_idx on public.clicks_daily (click_type, day, item_id);

create policy "Admins read click events" on public.click_events
  for select to authenticated using ((select public.is_admin()));
create policy "Admins read daily clicks" on public.clicks_daily
  for select to authenticated using ((select public.is_admin()));

revoke all on public.click_events, public.clicks_daily from anon, authenticated;
grant select on public.click_events, public.clicks_daily to authenticated;
grant all on public.click_events, public.clicks_daily to service_role;


-- Records one click on a product, category, blog or quiz, or on a product's affiliate link.
-- Refuses items that do not exist, so nobody can fill the rankings with made-up ids.
create function public.record_click(
  item_type text,
  item uuid,
  affiliate boolean default false,
  platform text default null,
  item_name text default null
)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  known_name text;
  event_id bigint;
begin
  if item_type is null or item_type not in ('product', 'category', 'blog', 'quiz') then
    raise exception 'item_type must be product, category, blog or quiz, not %', coalesce(item_type, 'null')
      using errcode = '22023';
  end if;
  if affiliate and item_type <> 'product' then
    raise exception 'only products have affiliate links' using errcode = '22023';
  end if;

  known_name := case item_type
    when 'product' then (select p.name from public.products p where p.id = item)
    when 'category' then (select c.name from public.categories c where c.id = item)
    when 'blog' then (select b.title from public.blogs b where b.id = item)
    when 'quiz' then (select q.title from public.quizzes q where q.id = item)
  end;
  if known_name is null then
    raise exception 'No % has the id %', item_type, item using errcode = '22023';
  end if;

  insert into public.click_events (item_id, click_type, affiliate, platform, item_name)
  values (item, item_type, coalesce(affiliate, false), nullif(btrim(platform), ''), known_name)
  returning id into event_id;
  return event_id;
end;
$$;

-- Folds every committed event into its day row and removes it, atomically; returns how many.
create function public.rollup_clicks()
returns bigint
language sql
security definer
set search_path = ''
as $$
  with moved as (
    delete from public.click_events
    returning item_id, click_type, affiliate, item_name, occurred_at
  ),
  per_day as (
    select item_id, click_type, (occurred_at at time zone 'utc')::date as day,
           count(*) filter (where not affiliate) as clicks,
           count(*) filter (where affiliate) as affiliate_clicks,
           max(item_name) as item_name,
           max(occurred_at) as last_click_at
    from moved
    group by 1, 2, 3
  ),
  folded as (
    insert into public.clicks_daily as d
      (item_id, click_type, day, clicks, affiliate_clicks, item_name, last_click_at)
    select item_id, click_type, day, clicks, affiliate_clicks, item_name, last_click_at
    from per_day
    on conflict (item_id, click_type, day) do update
      set clicks = d.clicks + excluded.clicks,
          affiliate_clicks = d.affiliate_clicks + excluded.affiliate_clicks,
          item_name = coalesce(excluded.item_name, d.item_name),
          last_click_at = greatest(d.last_click_at, excluded.last_click_at)
    returning 1
  )
  select count(*) from moved
$$;

-- Clicks per item and UTC day since a date: the rolled-up days plus the events not yet rolled up.
create function public.clicks_per_day(since date)
returns table (
  item_id uuid, click_type text, day date, clicks bigint, affiliate_clicks bigint,
  item_name text, last_click_at timestamptz
)
language sql stable
security invoker
set search_path = ''
as $$
  select d.item_id, d.click_type, d.day, d.clicks, d.affiliate_clicks, d.item_name, d.last_click_at
  from public.clicks_daily d
  where d.day >= since
  union all
  select e.item_id, e.click_type, (e.occurred_at at time zone 'utc')::date,
         count(*) filter (where not e.affiliate), count(*) filter (where e.affiliate),
         max(e.item_name), max(e.occurred_at)
  from public.click_events e
  where e.occurred_at >= since::timestamp at time zone 'utc'
  group by 1, 2, 3
$$;

-- The spec's analytics counters for every clicked item, as of a moment (UTC calendar days;
-- weeks start on Monday). today/yesterday, this/last week, this/last month and this year, each
-- for plain clicks and for affiliate-link clicks.
create function public.click_analytics(as_of timestamptz default now())
returns table (
  id uuid,
  item_id uuid,
  item_name text,
  product_id uuid,
  blog_id uuid,
  click_type text,
  record_date date,
  today_clicks bigint,
  yesterday_clicks bigint,
  this_week bigint,
  last_week bigint,
  this_month bigint,
  last_month bigint,
  yearly bigint,
  today_affiliate_links bigint,
  yesterday_affiliate_links bigint,
  this_week_affiliate_links bigint,
  last_week_affiliate_links bigint,
  this_month_affiliate_links bigint,
  last_month_affiliate_links bigint,
  yearly_affiliate_links bigint
)
language sql stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select today::date as today,
           today::date - 1 as yesterday,
           date_trunc('week', today)::date as week_start,
           (date_trunc('week', today) - interval '7 days')::date as last_week_start,
           date_trunc('month', today)::date as month_start,
           (date_trunc('month', today) - interval '1 month')::date as last_month_start,
           date_trunc('year', today)::date as year_start
    -- A timestamp without time zone: date_trunc must not depend on the session's time zone.
    from (select date_trunc('day', as_of at time zone 'utc') as today) as t
  ),
  days as (
    select c.*
    from bounds b,
         public.clicks_per_day(least(b.year_start, b.last_month_start, b.last_week_start)) as c
    where c.day <= b.today
  ),
  totals as (
    select d.item_id, d.click_type,
      max(d.day) as record_date,
      max(d.item_name) as item_name,
      coalesce(sum(d.clicks) filter (where d.day = b.today), 0) as today_clicks,
      coalesce(sum(d.clicks) filter (where d.day = b.yesterday), 0) as yesterday_clicks,
      coalesce(sum(d.clicks) filter (where d.day >= b.week_start), 0) as this_week,
      coalesce(sum(d.clicks) filter (where d.day >= b.last_week_start and d.day < b.week_start), 0) as last_week,
      coalesce(sum(d.clicks) filter (where d.day >= b.month_start), 0) as this_month,
      coalesce(sum(d.clicks) filter (where d.day >= b.last_month_start and d.day < b.month_start), 0) as last_month,
      coalesce(sum(d.clicks) filter (where d.day >= b.year_start), 0) as yearly,
      coalesce(sum(d.affiliate_clicks) filter (where d.day = b.today), 0) as today_affiliate_links,
      coalesce(sum(d.affiliate_clicks) filter (where d.day = b.yesterday), 0) as yesterday_affiliate_links,
      coalesce(sum(d.affiliate_clicks) filter (where d.day >= b.week_start), 0) as this_week_affiliate_links,
      coalesce(sum(d.affiliate_clicks) filter (where d.day >= b.last_week_start and d.day < b.week_start), 0) as last_week_affiliate_links,
      coalesce(sum(d.affiliate_clicks) filter (where d.day >= b.month_start), 0) as this_month_affiliate_links,
      coalesce(sum(d.affiliate_clicks) filter (where d.day >= b.last_month_start and d.day < b.month_start), 0) as last_month_affiliate_links,
      coalesce(sum(d.affiliate_clicks) filter (where d.day >= b.year_start), 0) as yearly_affiliate_links
    from days d, bounds b
    group by d.item_id, d.click_type
  )
  select
    md5(t.item_id::text || ':' || t.click_type)::uuid,
    t.item_id,
    coalesce(
      case t.click_type
        when 'product' then (select p.name from public.products p where p.id = t.item_id)
        when 'category' then (select c.name from public.categories c where c.id = t.item_id)
        when 'blog' then (select bl.title from public.blogs bl where bl.id = t.item_id)
        when 'quiz' then (select q.title from public.quizzes q where q.id = t.item_id)
      end,
      t.item_name,
      'Unknown Product'
    ),
    case when t.click_type = 'product' then t.item_id end,
    case when t.click_type = 'blog' then t.item_id end,
    t.click_type, t.record_date,
    t.today_clicks, t.yesterday_clicks, t.this_week, t.last_week, t.this_month, t.last_month,
    t.yearly, t.today_affiliate_links, t.yesterday_affiliate_links, t.this_week_affiliate_links,
    t.last_week_affiliate_links, t.this_month_affiliate_links, t.last_month_affiliate_links,
    t.yearly_affiliate_links
  from totals t
$$;

-- The analytics rows as of now, for the admin panel (admins only, through the tables' policies).
create view public.analytics with (security_invoker = true) as
  select * from public.click_analytics(now());

revoke all on function public.record_click(text, uuid, boolean, text, text),
  public.rollup_clicks() from public, anon, authenticated;
grant execute on function public.record_click(text, uuid, boolean, text, text),
  public.rollup_clicks() to service_role;

revoke all on function public.clicks_per_day(date), public.click_analytics(timestamptz)
  from public, anon;
grant execute on function public.clicks_per_day(date), public.click_analytics(timestamptz)
  to authenticated, service_role;

revoke all on public.analytics from anon, authenticated, service_role;
grant select on public.analytics to authenticated, service_role;
