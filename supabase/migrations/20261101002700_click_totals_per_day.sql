-- The Analytics room's 'Clicks over time' charts draw one line per click type: they need each
-- type's clicks per UTC day, not each item's. clicks_per_day gives a row per item and day, so the
-- charts read thousands of rows, a thousand per request (the API's row cap), to add them up in
-- the browser. Summed here, 90 days are at most 360 rows, read in one request.
--
-- security invoker, like clicks_per_day: the click tables' row-level security shows their rows to
-- admins and the service role only, so anyone else gets no rows.
create function public.click_totals_per_day(since date)
returns table (click_type text, day date, clicks bigint, affiliate_clicks bigint)
language sql stable
security invoker
set search_path = ''
as $$
  select c.click_type, c.day, sum(c.clicks)::bigint, sum(c.affiliate_clicks)::bigint
  from public.clicks_per_day(since) as c
  group by c.click_type, c.day
$$;

revoke all on function public.click_totals_per_day(date) from public, anon;
grant execute on function public.click_totals_per_day(date) to authenticated, service_role;
