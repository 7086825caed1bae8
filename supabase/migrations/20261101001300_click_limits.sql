-- The per-client click limit, shared by every instance of the track-click function.
--
-- A function instance only sees the clicks it answers; on Netlify a client's clicks land on
-- several instances, and each kept its own count. The database sees every click, so the limit
-- lives here, checked inside the same call that records the batch (record_clicks): no extra
-- round trip per click.
--
-- The rules (functions/_shared/click-guard.ts names them for the answers):
--   - at most 30 counted clicks per client in any 60 seconds; past that a click is 'limited', with
--     the seconds until the oldest of those 30 leaves the window;
--   - a client's click on an item that already counted for it within 30 minutes is a 'repeat'
--     and is not counted again (an affiliate click is its own item);
--   - repeats and limited clicks do not use up the allowance;
--   - a click without a client (the function sends none for local development only) is not limited.
--
-- Who a client is: a keyed hash of the address the platform saw (32 bytes, computed by the
-- function), never the address itself. One row per client and item, holding when the item last
-- counted for the client: an item counts again only after 30 minutes, so the client's rows
-- counted in the last 60 seconds are exactly its counted clicks in that window. Rows older than
-- 30 minutes decide nothing; rollup_clicks() deletes them.
--
-- Two batches from two function instances checking the same client are serialised by a
-- transaction-scoped advisory lock per client, taken in one order (so two batches cannot
-- deadlock) before the check reads the table: the second waits for the first to commit and then
-- sees its clicks, so they cannot both admit a 31st.
--
-- Read and write: the service role only, through record_clicks and rollup_clicks.

create table public.click_admissions (
  client bytea not null check (length(client) = 32),
  item_type text not null check (item_type in ('product', 'category', 'blog', 'quiz')),
  item_id uuid not null,
  affiliate boolean not null,
  counted_at timestamptz not null,
  primary key (client, item_type, item_id, affiliate)
);
alter table public.click_admissions enable row level security;

create index click_admissions_window_idx on public.click_admissions (client, counted_at);

revoke all on public.click_admissions from anon, authenticated;
grant all on public.click_admissions to service_role;


-- record_clicks, now with the limit. Each click may carry `client`: the hex of its client's
-- 32-byte hash. The answer says per click, by its position in the array (from 1):
--   verdict 'recorded'  appended to click_events;
--           'repeat'    not counted: the item already counted for this client within 30 minutes;
--           'limited'   not counted: the client's allowance is used up; retry_after is in seconds;
--           'refused'   not counted: problem says what was wrong with the click (an unknown item,
--                       a malformed one).
-- The limit is checked before the item is looked up, so a client spraying unknown ids is limited
-- like any other; a malformed click (which the function never sends) is refused before either.
drop function public.record_clicks(jsonb);

create function public.record_clicks(clicks jsonb)
returns table (click integer, verdict text, problem text, retry_after integer)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  client_lock integer;
begin
  if clicks is null or jsonb_typeof(clicks) <> 'array' then
    raise exception 'clicks must be an array of clicks, not %', coalesce(jsonb_typeof(clicks), 'null')
      using errcode = '22023';
  end if;
  -- A batch is bounded so that one call cannot hold the table's appends for long.
  if jsonb_array_length(clicks) > 1000 then
    raise exception 'at most 1000 clicks at once, not %', jsonb_array_length(clicks)
      using errcode = '22023';
  end if;

  -- One client at a time across concurrent batches, in one order. The key is 32 bits of the
  -- client's hash: two clients sharing one only wait for each other.
  for client_lock in
    select distinct ('x' || substr(c.value ->> 'client', 1, 8))::bit(32)::integer
    from jsonb_array_elements(clicks) as c(value)
    where length(c.value ->> 'client') = 64 and c.value ->> 'client' !~ '[^0-9a-f]'
    order by 1
  loop
    perform pg_advisory_xact_lock(20261101, client_lock);
  end loop;

  -- A new statement: its snapshot is taken after the locks, so it sees every batch that held
  -- one of them before.
  return query
  with given as (
    select g.position::integer as position,
           g.value ->> 'item_type' as item_type,
           g.value ->> 'item' as item_text,
           coalesce(g.value -> 'affiliate' = 'true'::jsonb, false) as affiliate,
           nullif(btrim(g.value ->> 'platform'), '') as platform,
           g.value ->> 'client' as client_text
    from jsonb_array_elements(clicks) with ordinality as g(value, position)
  ),
  typed as (
    -- A malformed id is this click's problem, not an error that would refuse the whole batch.
    select t.*,
           case when t.item_text ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                then t.item_text::uuid end as item,
           -- (Not a regular expression with {64}: that costs tens of microseconds a click.)
           case when length(t.client_text) = 64 and t.client_text !~ '[^0-9a-f]'
                then decode(t.client_text, 'hex') end as client
    from given t
  ),
  checked as (
    select t.*,
           case
             when t.item_type is null or t.item_type not in ('product', 'category', 'blog', 'quiz')
               then format('item_type must be product, category, blog or quiz, not %s', coalesce(t.item_type, 'null'))
             when t.affiliate and t.item_type <> 'product' then 'only products have affiliate links'
             when t.item is null then format('item must be a uuid, not %s', coalesce(t.item_text, 'null'))
             when t.client_text is not null and t.client is null
               then 'client must be the hex of a 32-byte hash'
           end as malformed
    from typed t
  ),
  -- Each client's items in this batch, with the position of their first click.
  items as (
    select c.client, c.item_type, c.item, c.affiliate, min(c.position) as first_position
    from checked c
    where c.malformed is null and c.client is not null
    group by 1, 2, 3, 4
  ),
  remembered as (
    select i.*,
           exists (
             select 1 from public.click_admissions a
             where a.client = i.client and a.item_type = i.item_type and a.item_id = i.item
               and a.affiliate = i.affiliate and a.counted_at > now() - interval '30 minutes'
           ) as repeat
    from items i
  ),
  -- Per client: its counted clicks in the last minute, and when the oldest of them was (looked up
  -- client by client, through the index, however large the table).
  windows as (
    select k.client, w.used, w.oldest
    from (select distinct i.client from items i) as k
    cross join lateral (
      select count(*)::integer as used, min(a.counted_at) as oldest
      from public.click_admissions a
      where a.client = k.client and a.counted_at > now() - interval '60 seconds'
    ) as w
  ),
  -- The client's new items take its remaining allowance in the order they were clicked.
  ranked as (
    select r.*,
           case when not r.repeat
                then row_number() over (partition by r.client, r.repeat order by r.first_position) end as place
    from remembered r
  ),
  item_verdicts as (
    select r.client, r.item_type, r.item, r.affiliate, r.first_position,
           case
             when r.repeat then 'repeat'
             when r.place <= 30 - w.used then 'count'
             else 'limited'
           end as verdict,
           -- The allowance frees when the oldest counted click leaves the window; with none
           -- before this batch, the oldest is this batch's own.
           greatest(1, ceil(extract(epoch from coalesce(w.oldest, now()) + interval '60 seconds' - now())))::integer
             as wait
    from ranked r
    join windows w on w.client = r.client
  ),
  judged as (
    select c.*,
           case
             when c.malformed is not null then 'refused'
             when c.client is null then 'count'
             when c.position = v.first_position then v.verdict
             -- A later click on the same item in this batch: a repeat of a counted (or
             -- remembered) one, or as limited as the first.
             when v.verdict = 'limited' then 'limited'
             else 'repeat'
           end as verdict,
           v.wait
    from checked c
    left join item_verdicts v
      on v.client = c.client and v.item_type = c.item_type and v.item = c.item and v.affiliate = c.affiliate
  ),
  named as (
    select j.*,
           case when j.verdict = 'count' then
             case j.item_type
               when 'product' then (select p.name from public.products p where p.id = j.item)
               when 'category' then (select c.name from public.categories c where c.id = j.item)
               when 'blog' then (select b.title from public.blogs b where b.id = j.item)
               when 'quiz' then (select q.title from public.quizzes q where q.id = j.item)
             end
           end as known_name
    from judged j
  ),
  -- Both run once, to completion, whether or not the answer below reads them.
  admitted as (
    insert into public.click_admissions as a (client, item_type, item_id, affiliate, counted_at)
    select v.client, v.item_type, v.item, v.affiliate, now()
    from item_verdicts v
    where v.verdict = 'count'
    on conflict (client, item_type, item_id, affiliate) do update set counted_at = excluded.counted_at
    returning 1
  ),
  appended as (
    insert into public.click_events (item_id, click_type, affiliate, platform, item_name)
    select n.item, n.item_type, n.affiliate, n.platform, n.known_name
    from named n
    where n.verdict = 'count' and n.known_name is not null
    order by n.position
    returning 1
  )
  select n.position,
         case
           when n.verdict = 'count' and n.known_name is not null then 'recorded'
           when n.verdict = 'count' then 'refused'
           else n.verdict
         end,
         case
           when n.malformed is not null then n.malformed
           when n.verdict = 'count' and n.known_name is null then format('No %s has the id %s', n.item_type, n.item)
         end,
         case when n.verdict = 'limited' then n.wait end
  from named n
  order by n.position;
end;
$$;

revoke all on function public.record_clicks(jsonb) from public, anon, authenticated;
grant execute on function public.record_clicks(jsonb) to service_role;


-- The rollup also forgets the clients' counted clicks that no longer decide anything.
create or replace function public.rollup_clicks()
returns bigint
language sql
security definer
set search_path = ''
as $$
  delete from public.click_admissions where counted_at <= now() - interval '30 minutes';

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
