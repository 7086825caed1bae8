-- quizzes: the gift-finder quizzes the admin manages and the public quiz pages read.
--
-- Read: everyone. Write: the service role only (admin functions, the seed).
--
-- questions: [{id, text, options: [{text, personalities: [personality key, …]}]}]. Choosing an
-- option adds a point to each personality it lists; a personality key names a category through
-- categories.personality.

create function public.is_quiz_questions(questions jsonb)
returns boolean
language sql immutable
set search_path = ''
as $$
  select case when jsonb_typeof(questions) <> 'array' or jsonb_array_length(questions) = 0
    then false
    else not exists (
      select 1 from jsonb_array_elements(questions) as q
      where jsonb_typeof(q) <> 'object'
         or jsonb_typeof(q -> 'id') is distinct from 'string'
         or jsonb_typeof(q -> 'text') is distinct from 'string'
         or btrim(q ->> 'text') = ''
         or jsonb_typeof(q -> 'options') is distinct from 'array'
         or jsonb_array_length(q -> 'options') = 0
         or exists (
           select 1 from jsonb_array_elements(q -> 'options') as o
           where jsonb_typeof(o) <> 'object'
              or jsonb_typeof(o -> 'text') is distinct from 'string'
              or btrim(o ->> 'text') = ''
              or jsonb_typeof(o -> 'personalities') is distinct from 'array'
              or exists (
                select 1 from jsonb_array_elements(o -> 'personalities') as p
                where jsonb_typeof(p) <> 'string'
              )
         )
    )
  end
$$;

grant execute on function public.is_quiz_questions(jsonb) to anon, authenticated, service_role;

create table public.quizzes (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(btrim(title)) between 1 and 200),
  description text not null check (char_length(btrim(description)) > 0),
  category_id uuid references public.categories (id) on delete set null,
  gender_category public.gender_category not null default 'for_both',
  questions jsonb not null check (public.is_quiz_questions(questions)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.quizzes enable row level security;

create index quizzes_gender_updated_at_idx on public.quizzes (gender_category, updated_at desc);

create trigger quizzes_set_updated_at before update on public.quizzes
  for each row execute function public.set_updated_at();

create policy "Everyone reads quizzes" on public.quizzes
  for select to anon, authenticated using (true);

revoke all on public.quizzes from anon, authenticated;
grant select on public.quizzes to anon, authenticated;
grant all on public.quizzes to service_role;
