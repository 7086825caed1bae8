-- Retailer price feeds: the admin's CSV uploads and the feed URLs fetched daily fill price_history.
--
-- An import is validated row by row in the function (functions/_shared/price-import/), its valid
-- rows are staged in chunks in price_import_rows under a batch id, and apply_price_import() then
-- applies the whole batch in one transaction: rows naming an unknown product or platform are
-- rejected with their line, the rest go into price_history, and a point already there (or twice
-- in the file) is a duplicate, not an error — so importing the same file again changes nothing.
-- Every import, applied or failed, leaves one row in price_imports with its report.
--
-- Read: admins (the Prices tab). Write: the service role only (the admin-prices and
-- price-feeds-daily functions, after checking the admin and the file).

-- A price point is one product, one platform, one moment. Seeded or imported twice it is still one
-- point; the oldest copy of an existing duplicate stays.
delete from public.price_history later
  using public.price_history earlier
  where earlier.product_id = later.product_id
    and earlier.platform = later.platform
    and earlier.scraped_at = later.scraped_at
    and earlier.id < later.id;

-- Also serves the latest-price reads the old (product_id, platform, scraped_at desc) index served:
-- a btree is read backwards as cheaply as forwards, and one index is one less to write per point.
create unique index price_history_point_key on public.price_history (product_id, platform, scraped_at);
drop index public.price_history_product_idx;


-- One feed URL per platform, fetched daily while enabled.
create table public.price_feeds (
  id uuid primary key default gen_random_uuid(),
  platform_id uuid not null unique references public.platforms (id) on delete cascade,
  url text not null check (char_length(url) <= 2000 and url ~* '^https?://[^/\s]+(/\S*)?$'),
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.price_feeds enable row level security;

create trigger price_feeds_set_updated_at before update on public.price_feeds
  for each row execute function public.set_updated_at();

create policy "Admins read price feeds" on public.price_feeds
  for select to authenticated using ((select public.is_admin()));

revoke all on public.price_feeds from anon, authenticated;
grant select on public.price_feeds to authenticated;
grant all on public.price_feeds to service_role;


-- One row per import, with its report. rejections holds the first 1,000 rejected lines
-- ({line, reason}, by line); rejected counts them all.
create table public.price_imports (
  id bigint generated always as identity primary key,
  source text not null check (source in ('upload', 'feed')),
  feed_id uuid references public.price_feeds (id) on delete set null,
  platform_id uuid references public.platforms (id) on delete set null,
  -- The uploaded file's name, or the feed's URL when it was fetched.
  file_name text not null check (char_length(file_name) between 1 and 2000),
  -- The admin who uploaded it; null for the scheduled run.
  imported_by uuid references auth.users (id) on delete set null,
  started_at timestamptz not null,
  finished_at timestamptz not null default now(),
  status text not null check (status in ('imported', 'failed')),
  imported integer not null default 0 check (imported >= 0),
  duplicates integer not null default 0 check (duplicates >= 0),
  rejected integer not null default 0 check (rejected >= 0),
  rejections jsonb not null default '[]' check (jsonb_typeof(rejections) = 'array' and jsonb_array_length(rejections) <= 1000),
  failure text check (failure is null or char_length(failure) <= 2000),
  check ((status = 'failed') = (failure is not null)),
  check (source = 'upload' or platform_id is not null or feed_id is null)
);
alter table public.price_imports enable row level security;

create index price_imports_finished_at_idx on public.price_imports (finished_at desc, id desc);

create policy "Admins read price imports" on public.price_imports
  for select to authenticated using ((select public.is_admin()));

revoke all on public.price_imports from anon, authenticated;
grant select on public.price_imports to authenticated;
grant all on public.price_imports to service_role;


-- An import's validated rows while it is being staged. Unlogged: they are written once, read once
-- by apply_price_import() and deleted; after a crash a half-staged import is worthless anyway.
-- platform is as the file spelled it; apply_price_import() matches it to a platform.
create unlogged table public.price_import_rows (
  batch uuid not null,
  line integer not null check (line > 0),
  product_id uuid not null,
  platform text not null check (char_length(platform) between 1 and 60),
  price numeric(10, 2) not null check (price >= 0),
  scraped_at timestamptz not null,
  staged_at timestamptz not null default now(),
  primary key (batch, line)
);
alter table public.price_import_rows enable row level security;

revoke all on public.price_import_rows from anon, authenticated;
grant all on public.price_import_rows to service_role;


-- Stages one chunk of an import's validated rows: [[line, product_id, platform, price, scraped_at], …].
-- One statement per chunk, and arrays rather than objects: a tenth of the time of the same rows sent
-- as an API insert of objects (docs/benchmarks/feeds.md), which is most of a large import's time.
create function public.stage_price_import_rows(batch_id uuid, rows_ jsonb)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  staged integer;
begin
  if batch_id is null or jsonb_typeof(rows_) is distinct from 'array' then
    raise exception 'stage_price_import_rows takes a batch id and an array of rows' using errcode = '22023';
  end if;
  insert into public.price_import_rows (batch, line, product_id, platform, price, scraped_at)
    select batch_id, (r ->> 0)::integer, (r ->> 1)::uuid, r ->> 2, (r ->> 3)::numeric, (r ->> 4)::timestamptz
    from jsonb_array_elements(rows_) as r;
  get diagnostics staged = row_count;
  return staged;
end;
$$;

-- Applies the staged rows of one batch in one transaction and records the import's report.
-- parse_rejections / parse_rejected: what the function's validation already refused (first
-- 1,000 and the count); the report merges them with the lines refused here, ordered by line.
-- Staged rows of imports that died before being applied (a killed function) are cleared after a
-- day.
create function public.apply_price_import(
  batch_id uuid,
  import_source text,
  import_file_name text,
  import_started_at timestamptz,
  parse_rejections jsonb default '[]',
  parse_rejected integer default 0,
  importer uuid default null,
  import_feed_id uuid default null,
  import_platform_id uuid default null
)
returns setof public.price_imports
language plpgsql
security definer
set search_path = ''
as $$
declare
  staged_count integer;
  refused_here integer;
  inserted_count integer;
  refused jsonb;
  report public.price_imports;
begin
  if batch_id is null then
    raise exception 'batch_id is required' using errcode = '22023';
  end if;
  if jsonb_typeof(parse_rejections) is distinct from 'array' or coalesce(parse_rejected, -1) < jsonb_array_length(parse_rejections) then
    raise exception 'parse_rejections must be an array of at most parse_rejected entries' using errcode = '22023';
  end if;

  create temporary table staged on commit drop as
    select s.line, s.product_id, s.price, s.scraped_at, pl.name as platform,
           exists (select 1 from public.products p where p.id = s.product_id) as known_product
    from public.price_import_rows s
    left join public.platforms pl on lower(pl.name) = lower(btrim(s.platform))
    where s.batch = batch_id;
  get diagnostics staged_count = row_count;

  select count(*)::integer into refused_here from staged where not known_product or platform is null;

  select coalesce(jsonb_agg(jsonb_build_object('line', line, 'reason', reason) order by line), '[]')
    into refused
  from (
    select line, reason, row_number() over (order by line) as rank
    from (
      select line, case when not known_product then 'unknown product' else 'unknown platform' end as reason
      from staged where not known_product or platform is null
      union all
      select (r ->> 'line')::integer, r ->> 'reason' from jsonb_array_elements(parse_rejections) r
    ) both_
  ) ranked
  where rank <= 1000;

  -- The first line wins when a file names one point twice; the second is a duplicate.
  insert into public.price_history (product_id, platform, price, scraped_at)
    select product_id, platform, price, scraped_at from staged
    where known_product and platform is not null
    order by line
  on conflict (product_id, platform, scraped_at) do nothing;
  get diagnostics inserted_count = row_count;

  insert into public.price_imports (source, feed_id, platform_id, file_name, imported_by, started_at, status,
                                    imported, duplicates, rejected, rejections)
  values (import_source, import_feed_id, import_platform_id, import_file_name, importer, import_started_at, 'imported',
          inserted_count,
          staged_count - refused_here - inserted_count,
          refused_here + parse_rejected,
          refused)
  returning * into report;

  delete from public.price_import_rows where batch = batch_id or staged_at < now() - interval '1 day';
  drop table staged;
  return next report;
end;
$$;

-- Records an import that could not be applied (a bad file, a feed that did not answer), and drops
-- whatever of it was staged.
create function public.fail_price_import(
  batch_id uuid,
  import_source text,
  import_file_name text,
  import_started_at timestamptz,
  failure_message text,
  importer uuid default null,
  import_feed_id uuid default null,
  import_platform_id uuid default null
)
returns setof public.price_imports
language plpgsql
security definer
set search_path = ''
as $$
declare
  report public.price_imports;
begin
  delete from public.price_import_rows where batch = batch_id;
  insert into public.price_imports (source, feed_id, platform_id, file_name, imported_by, started_at, status, failure)
  values (import_source, import_feed_id, import_platform_id, import_file_name, importer, import_started_at, 'failed',
          left(failure_message, 2000))
  returning * into report;
  return next report;
end;
$$;

revoke all on function public.stage_price_import_rows(uuid, jsonb),
  public.apply_price_import(uuid, text, text, timestamptz, jsonb, integer, uuid, uuid, uuid),
  public.fail_price_import(uuid, text, text, timestamptz, text, uuid, uuid, uuid) from public, anon, authenticated;
grant execute on function public.stage_price_import_rows(uuid, jsonb),
  public.apply_price_import(uuid, text, text, timestamptz, jsonb, integer, uuid, uuid, uuid),
  public.fail_price_import(uuid, text, text, timestamptz, text, uuid, uuid, uuid) to service_role;
