-- Foundation: extensions, the shop's shared types and helpers, and the grants policy.
--
-- Grants: hosted Supabase grants anon and authenticated everything on new tables in public and
-- leaves row-level security to do the filtering. This project revokes those defaults and grants
-- each table exactly the statements its policies allow, so a missing policy and a missing grant
-- both have to go wrong before data leaks.

create extension if not exists pg_trgm with schema extensions;
create extension if not exists unaccent with schema extensions;

alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public revoke execute on functions from anon, authenticated;
-- Functions are executable by PUBLIC by default; that default is global, not per schema.
alter default privileges revoke execute on functions from public;

-- The three audiences a product, blog, category or quiz is meant for.
create type public.gender_category as enum ('for_him', 'for_her', 'for_both');

-- Audience filter sets: for_him gives for_him and for_both; for_her gives for_her and for_both;
-- any other value gives only for_both.
create function public.audience_set(gender text)
returns public.gender_category[]
language sql immutable
set search_path = ''
as $$
  select case
    when gender in ('for_him', 'for_her') then array[gender::public.gender_category, 'for_both']
    else array['for_both'::public.gender_category]
  end
$$;

create function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

-- True when every element of the array occurs once.
create function public.is_distinct_list(ids uuid[])
returns boolean
language sql immutable
set search_path = ''
as $$
  select cardinality(ids) = (select count(distinct id) from unnest(ids) as id)
$$;

create function public.is_http_url(value text)
returns boolean
language sql immutable
set search_path = ''
as $$
  select value ~ '^(https?://[^\s/$.?#][^\s]*|/[^\s]*)$'
$$;

grant execute on function public.audience_set(text), public.is_distinct_list(uuid[]),
  public.is_http_url(text) to anon, authenticated, service_role;
