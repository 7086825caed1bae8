-- Shared gift lists: a signed-in shopper shares their wishlist under a title, as a link anyone may
-- open, signed in or not.
--
-- shared_lists: at most one row per shopper, their wishlist's share: its title and the link's
--   token (256 bits from the server's strong random source, base64url, 43 characters). The list
--   behind the link is the shopper's wishlist as it is when the link is opened, not a copy: a gift
--   liked or unliked afterwards shows or goes. Stopping the share deletes the row, so the old link
--   names nothing; sharing again makes a new row with a new token.
--   Read: the shopper their own row (to show and copy their link). Write: only through
--   share_wishlist and stop_sharing_wishlist, which act on the caller alone; nobody picks a token.
--   Visitors never read the table: shared_wishlist(token) answers with the title and the product
--   ids of that one token's list, and nothing about its owner.

create table public.shared_lists (
  owner_id uuid primary key references auth.users (id) on delete cascade,
  token text not null unique check (token ~ '^[A-Za-z0-9_-]{43}$'),
  -- Shown as a page heading and in the browser's title bar: one line, no spaces around it.
  title text not null check (title = btrim(title) and char_length(title) between 1 and 80 and title !~ '[[:cntrl:]]'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.shared_lists enable row level security;

create trigger shared_lists_set_updated_at before update on public.shared_lists
  for each row execute function public.set_updated_at();

create policy "Shoppers read their own shared list" on public.shared_lists
  for select to authenticated
  using (owner_id = (select auth.uid()));

revoke all on public.shared_lists from anon, authenticated;
grant select on public.shared_lists to authenticated;
grant all on public.shared_lists to service_role;


-- Shares the caller's wishlist under `title`, or renames the share they have (its link stays the
-- same); returns the share as saved (the title trimmed).
create function public.share_wishlist(title text)
returns public.shared_lists
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  named text := btrim(share_wishlist.title);
  saved public.shared_lists;
begin
  if me is null then
    raise exception 'Sign in to share your wishlist' using errcode = '42501';
  end if;
  if named is null or named = '' then
    raise exception 'Give the list a title' using errcode = '22023';
  end if;
  if char_length(named) > 80 then
    raise exception 'A list title can have at most 80 characters' using errcode = '22023';
  end if;
  if named ~ '[[:cntrl:]]' then
    raise exception 'A list title cannot contain line breaks or control characters' using errcode = '22023';
  end if;
  insert into public.shared_lists as s (owner_id, token, title)
  -- 256 bits: two random UUIDs carry 244 random bits; hashed to 32 bytes, in base64url.
  values (me, rtrim(translate(encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'base64'), '+/', '-_'), '='), named)
  on conflict (owner_id) do update set title = excluded.title
  returning s.* into saved;
  return saved;
end;
$$;

-- Stops sharing the caller's wishlist: its link names nothing from now on. True when there was a
-- share to stop.
create function public.stop_sharing_wishlist()
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  stopped integer;
begin
  if me is null then
    raise exception 'Sign in to stop sharing your wishlist' using errcode = '42501';
  end if;
  delete from public.shared_lists s where s.owner_id = me;
  get diagnostics stopped = row_count;
  return stopped > 0;
end;
$$;

-- The list a link names, for anyone holding it: its title and the owner's liked product ids as
-- they are now (oldest like first; none when the owner likes nothing). No row for a token that
-- is malformed, unknown or no longer shared. Nothing about the owner is returned.
create function public.shared_wishlist(token text)
returns table (title text, product_ids uuid[])
language sql stable
security definer
set search_path = ''
as $$
  select s.title, coalesce(l.product_id, '{}')
  from public.shared_lists s
  left join public.liked_products l on l.user_id = s.owner_id
  where shared_wishlist.token ~ '^[A-Za-z0-9_-]{43}$'
    and s.token = shared_wishlist.token
$$;

revoke all on function public.share_wishlist(text),
  public.stop_sharing_wishlist(), public.shared_wishlist(text)
  from public, anon, authenticated, service_role;
grant execute on function public.share_wishlist(text), public.stop_sharing_wishlist() to authenticated;
grant execute on function public.shared_wishlist(text) to anon, authenticated;
