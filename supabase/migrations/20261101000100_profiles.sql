-- profiles: one row per auth user, created by a trigger when the user signs up.
--
-- Read: a user reads their own row. Write: a user may change their display name and avatar;
-- is_admin is set only by the service role (the admin functions and the seed), never by a user.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  full_name text,
  avatar_url text,
  is_admin boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.profiles enable row level security;

create trigger profiles_set_updated_at before update on public.profiles
  for each row execute function public.set_updated_at();

create policy "Users read their own profile" on public.profiles
  for select to authenticated
  using (id = (select auth.uid()));

create policy "Users update their own profile" on public.profiles
  for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

revoke all on public.profiles from anon, authenticated;
grant select on public.profiles to authenticated;
grant update (full_name, avatar_url) on public.profiles to authenticated;
grant all on public.profiles to service_role;

create function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, email, full_name, avatar_url)
  values (
    new.id,
    new.email,
    new.raw_user_meta_data ->> 'full_name',
    new.raw_user_meta_data ->> 'avatar_url'
  );
  return new;
end;
$$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();

-- Whether the caller's JWT belongs to an admin. Security definer so policies can call it
-- without granting anyone a read of other users' profiles.
create function public.is_admin()
returns boolean
language sql stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select p.is_admin from public.profiles p where p.id = (select auth.uid())),
    false
  )
$$;

grant execute on function public.is_admin() to anon, authenticated, service_role;
