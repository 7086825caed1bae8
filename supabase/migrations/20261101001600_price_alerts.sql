-- Price-drop alerts: a signed-in shopper asks to be emailed when a wishlisted gift gets cheaper.
--
-- price_alert_settings: one row per shopper who ever chose; `enabled` is the switch on /wishlist.
--   Read: the shopper their own row. Write: only through set_price_alerts (the shopper, for
--   themselves) and unsubscribe_price_alerts (anyone holding a mail's token, for that mail's
--   shopper). The alert run reads it as the service role.
-- price_alert_products: per shopper and product, the lowest latest price last announced to them
--   (or the baseline taken when alerts were turned on or the run first saw the product). A drop is
--   a lowest latest price under it; announcing moves it, so the same drop is never mailed twice.
--   Service role only.
-- price_alert_emails: the alert mails, claimed before they are sent: one row per shopper per UTC
--   day at most (unique (user_id, day)), holding the items it announces. Its unsubscribe token is
--   kept only as a SHA-256 hash, plus the token itself while the mail is unsent (the run needs it
--   to write the mail; after sending it is cleared, so the table never holds a working link for a
--   mail already out). Service role only.
-- price_alert_events: 'sent' and 'unsubscribed', with their moment and no shopper, for the
--   Analytics tab's counts; they outlive deleted accounts. Admins read the counts through
--   price_alert_counts.

create table public.price_alert_settings (
  user_id uuid primary key references auth.users (id) on delete cascade,
  enabled boolean not null default false,
  changed_at timestamptz not null default now()
);
alter table public.price_alert_settings enable row level security;

create policy "Shoppers read their own alert setting" on public.price_alert_settings
  for select to authenticated
  using (user_id = (select auth.uid()));

revoke all on public.price_alert_settings from anon, authenticated;
grant select on public.price_alert_settings to authenticated;
grant all on public.price_alert_settings to service_role;


create table public.price_alert_products (
  user_id uuid not null references auth.users (id) on delete cascade,
  product_id uuid not null references public.products (id) on delete cascade,
  announced_price numeric(10, 2) not null check (announced_price >= 0),
  -- null for a baseline that was never mailed
  announced_at timestamptz,
  primary key (user_id, product_id)
);
alter table public.price_alert_products enable row level security;

revoke all on public.price_alert_products from anon, authenticated;
grant all on public.price_alert_products to service_role;


create table public.price_alert_emails (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  day date not null,
  items jsonb not null check (jsonb_typeof(items) = 'array' and jsonb_array_length(items) > 0),
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  token text check (token is null or token ~ '^[0-9a-f]{64}$'),
  claimed_at timestamptz not null default now(),
  -- While a run is sending it: another run leaves it alone until then (take_price_alert_email).
  sending_until timestamptz,
  sent_at timestamptz,
  -- At most one alert mail per shopper per UTC day, whatever runs at once.
  unique (user_id, day),
  check ((sent_at is null) = (token is not null))
);
alter table public.price_alert_emails enable row level security;

create index price_alert_emails_unsent_idx on public.price_alert_emails (id) where sent_at is null;

revoke all on public.price_alert_emails from anon, authenticated;
grant all on public.price_alert_emails to service_role;


create table public.price_alert_events (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('sent', 'unsubscribed')),
  occurred_at timestamptz not null default now()
);
alter table public.price_alert_events enable row level security;

create index price_alert_events_kind_at_idx on public.price_alert_events (kind, occurred_at);

revoke all on public.price_alert_events from anon, authenticated;
grant all on public.price_alert_events to service_role;


-- The lowest latest price of every product with a price, and the retailer charging it (the first
-- by name when several charge the same).
create view public.lowest_latest_prices with (security_invoker = true) as
  select distinct on (lp.product_id) lp.product_id, lp.platform, lp.price
  from public.latest_prices lp
  order by lp.product_id, lp.price, lp.platform;

revoke all on public.lowest_latest_prices from anon, authenticated, service_role;
grant select on public.lowest_latest_prices to service_role;


-- The caller turns their price-drop alerts on or off; returns the setting. Turning them on takes
-- the baseline: the wishlisted products' lowest latest prices now, so only later drops are mailed.
create function public.set_price_alerts(enabled boolean)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  was boolean;
begin
  if me is null then
    raise exception 'Sign in to change price-drop alerts' using errcode = '42501';
  end if;
  if enabled is null then
    raise exception 'enabled must be true or false' using errcode = '22023';
  end if;
  select s.enabled into was from public.price_alert_settings s where s.user_id = me for update;
  insert into public.price_alert_settings as s (user_id, enabled, changed_at)
  values (me, set_price_alerts.enabled, now())
  on conflict (user_id) do update
    set enabled = excluded.enabled,
        changed_at = case when s.enabled = excluded.enabled then s.changed_at else now() end;
  if set_price_alerts.enabled and not coalesce(was, false) then
    insert into public.price_alert_products as a (user_id, product_id, announced_price, announced_at)
    select me, c.product_id, c.price, null
    from public.liked_products l
    cross join unnest(l.product_id) as x(product_id)
    join public.lowest_latest_prices c on c.product_id = x.product_id
    where l.user_id = me
    on conflict (user_id, product_id) do update
      set announced_price = excluded.announced_price, announced_at = null;
  end if;
  return set_price_alerts.enabled;
end;
$$;

-- Turns off the alerts of the shopper a mail's unsubscribe link was made for, without signing
-- in. True when the token is one of ours (whether or not the alerts were still on), false
-- otherwise; it says nothing about whose it was.
create function public.unsubscribe_price_alerts(token text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner uuid;
  changed integer;
begin
  if token is null or token !~ '^[0-9a-f]{64}$' then
    return false;
  end if;
  select e.user_id into owner
  from public.price_alert_emails e
  where e.token_hash = encode(sha256(convert_to(unsubscribe_price_alerts.token, 'UTF8')), 'hex');
  if owner is null then
    return false;
  end if;
  update public.price_alert_settings s set enabled = false, changed_at = now()
  where s.user_id = owner and s.enabled;
  get diagnostics changed = row_count;
  if changed > 0 then
    insert into public.price_alert_events (kind) values ('unsubscribed');
  end if;
  return true;
end;
$$;

-- For the alert run: every wishlisted product of every shopper with alerts on that has a price,
-- with its lowest latest price, the retailer charging it and that retailer's link on the product,
-- and the price last announced to the shopper (null when never).
create function public.price_alert_candidates()
returns table (
  user_id uuid,
  product_id uuid,
  product_name text,
  lowest_price numeric,
  platform text,
  url text,
  announced_price numeric
)
language sql stable
security definer
set search_path = ''
as $$
  select l.user_id, p.id, p.name, c.price, c.platform,
    (select a ->> 'url' from jsonb_array_elements(p.affiliate_links) a
      where lower(a ->> 'platform') = lower(c.platform) limit 1),
    pa.announced_price
  from public.price_alert_settings s
  join public.liked_products l on l.user_id = s.user_id
  cross join unnest(l.product_id) with ordinality as x(product_id, n)
  join public.products p on p.id = x.product_id
  join public.lowest_latest_prices c on c.product_id = p.id
  left join public.price_alert_products pa on pa.user_id = l.user_id and pa.product_id = p.id
  where s.enabled
  order by l.user_id, x.n
$$;

-- Claims one shopper's alert mail for a UTC day, in one transaction: records the baselines of
-- products seen for the first time, and when there are items, inserts the mail (with a fresh
-- unsubscribe token) and moves each item's announced price to its new price. Returns the mail's
-- id, or null when the shopper already has a mail that day (then no announced price moves).
-- Each item must still start from the announced price it was chosen against; otherwise another
-- run got there first and the whole claim is refused (40001), so no drop is claimed twice.
--   items:     [{product_id, name, old_price, new_price, platform, url}]
--   baselines: [{product_id, price}]
create function public.claim_price_alert_email(shopper uuid, for_day date, items jsonb, baselines jsonb)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  raw_token text;
  claimed bigint;
  item jsonb;
  moved integer;
begin
  insert into public.price_alert_products (user_id, product_id, announced_price, announced_at)
  select shopper, (b ->> 'product_id')::uuid, (b ->> 'price')::numeric, null
  from jsonb_array_elements(coalesce(baselines, '[]')) b
  on conflict (user_id, product_id) do nothing;

  if items is null or jsonb_array_length(items) = 0 then
    return null;
  end if;

  -- 256 bits: two random UUIDs carry 244 random bits; hashed to a fixed 64 hex digits.
  raw_token := encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex');
  insert into public.price_alert_emails (user_id, day, items, token_hash, token)
  values (shopper, for_day, claim_price_alert_email.items,
          encode(sha256(convert_to(raw_token, 'UTF8')), 'hex'), raw_token)
  on conflict (user_id, day) do nothing
  returning id into claimed;
  if claimed is null then
    return null;
  end if;

  for item in select * from jsonb_array_elements(items) loop
    update public.price_alert_products a
       set announced_price = (item ->> 'new_price')::numeric, announced_at = now()
     where a.user_id = shopper
       and a.product_id = (item ->> 'product_id')::uuid
       and a.announced_price = (item ->> 'old_price')::numeric
       and (item ->> 'new_price')::numeric < a.announced_price;
    get diagnostics moved = row_count;
    if moved = 0 then
      raise exception 'The drop of product % was already claimed or is no drop', item ->> 'product_id'
        using errcode = '40001', hint = 'Run the alerts again: they start from the prices as they are now.';
    end if;
  end loop;
  return claimed;
end;
$$;

-- The claimed mails not yet sent, oldest first, with the address to send them to; a shopper who
-- turned alerts off since the claim gets none.
create function public.pending_price_alert_emails()
returns table (id bigint, email text, day date, items jsonb, token text)
language sql stable
security definer
set search_path = ''
as $$
  select e.id, u.email::text, e.day, e.items, e.token
  from public.price_alert_emails e
  join auth.users u on u.id = e.user_id
  join public.price_alert_settings s on s.user_id = e.user_id and s.enabled
  where e.sent_at is null
  order by e.id
$$;

-- Takes a claimed, unsent mail for sending: true when this caller may send it now (nobody else
-- holds it), for 15 minutes — longer than an SMTP send may take.
create function public.take_price_alert_email(email_id bigint)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed integer;
begin
  update public.price_alert_emails e set sending_until = now() + interval '15 minutes'
  where e.id = email_id and e.sent_at is null and (e.sending_until is null or e.sending_until <= now());
  get diagnostics changed = row_count;
  return changed > 0;
end;
$$;

-- Gives back a mail whose sending failed, so the next run sends it without waiting for the lease.
create function public.release_price_alert_email(email_id bigint)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.price_alert_emails e set sending_until = null where e.id = email_id and e.sent_at is null
$$;

-- Marks a claimed mail as sent (and forgets its token); true when this call did it.
create function public.mark_price_alert_sent(email_id bigint)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed integer;
begin
  update public.price_alert_emails e set sent_at = now(), token = null, sending_until = null
  where e.id = email_id and e.sent_at is null;
  get diagnostics changed = row_count;
  if changed > 0 then
    insert into public.price_alert_events (kind) values ('sent');
  end if;
  return changed > 0;
end;
$$;

-- For the Analytics tab: alert mails sent and unsubscribes through their links in the last
-- `days` days (1 to 366), counted up to now. Admins only.
create function public.price_alert_counts(days integer default 30)
returns table (emails_sent bigint, unsubscribes bigint)
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  if not (select public.is_admin()) then
    raise exception 'Admins only' using errcode = '42501';
  end if;
  if days is null or days not between 1 and 366 then
    raise exception 'days must be between 1 and 366, not %', coalesce(days::text, 'null') using errcode = '22023';
  end if;
  return query
    select count(*) filter (where ev.kind = 'sent'), count(*) filter (where ev.kind = 'unsubscribed')
    from public.price_alert_events ev
    where ev.occurred_at > now() - make_interval(days => price_alert_counts.days);
end;
$$;

revoke all on function public.set_price_alerts(boolean), public.unsubscribe_price_alerts(text),
  public.price_alert_candidates(), public.claim_price_alert_email(uuid, date, jsonb, jsonb),
  public.pending_price_alert_emails(), public.mark_price_alert_sent(bigint),
  public.take_price_alert_email(bigint), public.release_price_alert_email(bigint),
  public.price_alert_counts(integer)
  from public, anon, authenticated, service_role;
grant execute on function public.set_price_alerts(boolean) to authenticated;
grant execute on function public.unsubscribe_price_alerts(text) to anon, authenticated, service_role;
grant execute on function public.price_alert_candidates(), public.claim_price_alert_email(uuid, date, jsonb, jsonb),
  public.pending_price_alert_emails(), public.mark_price_alert_sent(bigint),
  public.take_price_alert_email(bigint), public.release_price_alert_email(bigint) to service_role;
grant execute on function public.price_alert_counts(integer) to authenticated;
