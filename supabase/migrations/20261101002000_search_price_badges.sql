-- Search results carry the products' price badges, so a product found by search shows
-- 'Price dropped N%' and 'Lowest price in 90 days' on its card as it does in every other listing.
--
-- The ranking stays exactly as it was: the function is renamed search_products_ranked, and
-- search_products_enhanced (the name and parameters the search page calls, spec: Search) becomes
-- a thin wrapper that adds the two badge columns (kept on the product by the price insights'
-- trigger) to each row of the ranked page, in the ranked order. A return type cannot change in
-- place, hence the new function rather than `create or replace`.

alter function public.search_products_enhanced(text, uuid, text, numeric, numeric, text, integer, integer)
  rename to search_products_ranked;

create function public.search_products_enhanced(
  search_query text,
  category_filter uuid default null,
  gender_filter text default null,
  price_min numeric default null,
  price_max numeric default null,
  sort_by text default 'relevance',
  result_limit integer default 24,
  result_offset integer default 0
)
returns table (
  id uuid,
  name text,
  description text,
  price numeric,
  image_url text,
  gender_category public.gender_category,
  category_ids uuid[],
  subcategory_ids uuid[],
  tagline text,
  created_at timestamptz,
  rank real,
  total_count bigint,
  price_lowest_in_90_days boolean,
  price_drop_percent smallint
)
language sql stable
security invoker
set search_path = ''
as $$
  select r.id, r.name, r.description, r.price, r.image_url, r.gender_category, r.category_ids,
         r.subcategory_ids, r.tagline, r.created_at, r.rank, r.total_count,
         p.price_lowest_in_90_days, p.price_drop_percent
  from public.search_products_ranked(search_query, category_filter, gender_filter, price_min, price_max,
                                     sort_by, result_limit, result_offset) with ordinality as r
  join public.products p on p.id = r.id
  order by r.ordinality
$$;

comment on function public.search_products_ranked(text, uuid, text, numeric, numeric, text, integer, integer) is
  'The ranked page of a product search; callers use search_products_enhanced, which adds the price badges.';

grant execute on function
  public.search_products_enhanced(text, uuid, text, numeric, numeric, text, integer, integer)
  to anon, authenticated, service_role;
