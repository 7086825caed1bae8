-- Popularity rankings as of another day are click history, which only admins may read.
--
-- The rankings count clicks per item in a window before as_of's UTC day, so a ranking as of any
-- past day reveals that day's window of the daily click counts, and one as of a day still to come
-- reveals today's clicks so far: the analytics that the analytics view and clicks_per_day keep
-- for admins. Visitors and shoppers (the anon and authenticated roles) get the rankings as of
-- today only; any moment of today (UTC) answers exactly as now does, so a client's clock need not
-- match the server's. Admins (profiles.is_admin), the service role and the database owner's own
-- sessions keep every day. A refused as_of fails with insufficient_privilege (PostgREST: 401 for
-- a visitor, 403 for a shopper) and says why, rather than quietly answering for today.
--
-- The check sits in window_clicks, the one place every ranking (popular_products, popular_blogs
-- and their batches) reads the clicks through. The request's role is read from the `role`
-- setting, which a security definer function does not change.

create or replace function public.window_clicks(item_type text, time_window text, as_of timestamptz)
returns table (item_id uuid, clicks bigint)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  if (as_of at time zone 'utc')::date is distinct from (now() at time zone 'utc')::date
     and current_setting('role') in ('anon', 'authenticated')
     and not public.is_admin() then
    raise exception 'only admins may rank clicks as of another day than today, not as of %',
      coalesce(to_char(as_of at time zone 'utc', 'YYYY-MM-DD HH24:MI:SS "UTC"'), 'null')
      using errcode = '42501',
            detail = 'A ranking as of another day shows that day''s click counts, which are admin-only analytics.',
            hint = 'Leave as_of out to get the rankings as of now.';
  end if;

  return query
  select c.item_id, sum(c.clicks)::bigint
  from public.popularity_range(time_window, as_of) as r,
       public.clicks_per_day(r.starts) as c
  where c.click_type = item_type and c.day < r.ends and c.clicks > 0
  group by c.item_id;
end;
$$;
