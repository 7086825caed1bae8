-- A product found by search shows the whole card every other listing shows: its extra pictures
-- (the card cycles through them on hover) and its colour variants ('available in N colors', the
-- swatches). search_products_enhanced adds the products' media_urls and variants to each row of the
-- ranked page; the ranking (search_products_ranked) is unchanged. A return type cannot change in
-- place, hence drop and create.

drop function public.search_products_enhanced(text, uuid, text, numeric, numeric, text, integer, integer);

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
  price_drop_percent smallint,
  media_urls jsonb,
  variants jsonb
)
language sql stable
security invoker
set search_path = ''
as $$
  select r.id, r.name, r.description, r.price, r.image_url, r.gender_category, r.category_ids,
         r.subcategory_ids, r.tagline, r.created_at, r.rank, r.total_count,
         p.price_lowest_in_90_days, p.price_drop_percent, p.media_urls, p.variants
  from public.search_products_ranked(search_query, category_filter, gender_filter, price_min, price_max,
                                     sort_by, result_limit, result_offset) with ordinality as r
  join public.products p on p.id = r.id
  order by r.ordinality
$$;

grant execute on function
  public.search_products_enhanced(text, uuid, text, numeric, numeric, text, integer, integer)
  to anon, authenticated, service_role;
