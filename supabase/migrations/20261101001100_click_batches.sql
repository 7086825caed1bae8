-- Clicks recorded in batches.
--
-- The track-click function answers many clicks at once under load; one statement appending all of
-- them costs the database one transaction instead of one per click. Each click is checked as
-- record_click checks one (same rules, same messages), the valid ones are appended together, and
-- the answer says for each click, by its position in the array (from 1), whether it was recorded
-- or what was wrong with it, so one bad click in a batch does not refuse the others.
--
-- Execute: the service role only (the track-click function), like record_click.

create function public.record_clicks(clicks jsonb)
returns table (click integer, recorded boolean, problem text)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
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

  return query
  with given as (
    select g.position::integer as position,
           g.value ->> 'item_type' as item_type,
           g.value ->> 'item' as item_text,
           coalesce(g.value -> 'affiliate' = 'true'::jsonb, false) as affiliate,
           nullif(btrim(g.value ->> 'platform'), '') as platform
    from jsonb_array_elements(clicks) with ordinality as g(value, position)
  ),
  typed as (
    -- A malformed id is this click's problem, not an error that would refuse the whole batch.
    select t.*,
           case when t.item_text ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                then t.item_text::uuid end as item
    from given t
  ),
  named as (
    select t.*,
           case t.item_type
             when 'product' then (select p.name from public.products p where p.id = t.item)
             when 'category' then (select c.name from public.categories c where c.id = t.item)
             when 'blog' then (select b.title from public.blogs b where b.id = t.item)
             when 'quiz' then (select q.title from public.quizzes q where q.id = t.item)
           end as known_name
    from typed t
  ),
  checked as (
    select t.*,
           case
             when t.item_type is null or t.item_type not in ('product', 'category', 'blog', 'quiz')
               then format('item_type must be product, category, blog or quiz, not %s', coalesce(t.item_type, 'null'))
             when t.affiliate and t.item_type <> 'product' then 'only products have affiliate links'
             when t.item is null then format('item must be a uuid, not %s', coalesce(t.item_text, 'null'))
             when t.known_name is null then format('No %s has the id %s', t.item_type, t.item)
           end as reason
    from named t
  ),
  -- Runs once, to completion, whether or not the answer below reads it.
  appended as (
    insert into public.click_events (item_id, click_type, affiliate, platform, item_name)
    select t.item, t.item_type, t.affiliate, t.platform, t.known_name
    from checked t
    where t.reason is null
    order by t.position
    returning 1
  )
  select t.position, t.reason is null, t.reason
  from checked t
  order by t.position;
end;
$$;

revoke all on function public.record_clicks(jsonb) from public, anon, authenticated;
grant execute on function public.record_clicks(jsonb) to service_role;
