-- Admin writes that take more than one statement, each one transaction.
--
-- Who may call them: the service role only — that is, the admin functions in functions/admin-*.ts,
-- after they have verified that the caller is an admin and validated the body. They are security
-- invoker, so the tables' grants and triggers apply exactly as to a single insert or update.
--
-- Bodies are the validated JSON the functions received (src/features/admin/schemas.ts). On create
-- every column is given; on update a field left out keeps its stored value and null clears it.
--
-- Errors, by SQLSTATE, for the functions to map to statuses: P0002 the row to update or delete
-- does not exist (404); 23503 and 22023 a field names something that does not exist or does not
-- fit, the message starting with the field (400); 23505 a name is taken (409); 2BP01 the row is
-- still in use (409).

-- Platform names are typed by admins: 'Etsy' and 'etsy' are the same retailer.
create unique index platforms_name_lower_key on public.platforms (lower(name));


-- Creates a product (no id) or updates one (id). The platforms the affiliate links name must
-- exist; they are locked for the rest of the transaction, so a concurrent admin_delete_platform
-- either waits and then sees this product's links, or deletes first and this check fails.
create function public.admin_save_product(product jsonb)
returns setof public.products
language plpgsql
security invoker
set search_path = ''
as $$
declare
  target uuid := (product ->> 'id')::uuid;
  named text[];
  unknown text;
  saved public.products;
begin
  named := array(
    select distinct link ->> 'platform'
    from jsonb_array_elements(coalesce(product -> 'affiliate_links', '[]')) as link
  );
  perform 1 from public.platforms p where p.name = any (named) for key share;
  select n into unknown
  from unnest(named) as n
  where not exists (select 1 from public.platforms p where p.name = n)
  limit 1;
  if found then
    raise exception 'affiliate_links: no platform is named %', unknown
      using errcode = '23503', hint = 'Choose a platform from the list, or add it first.';
  end if;

  if target is null then
    insert into public.products (
      name, description, price, image_url, media_urls, variants, affiliate_links, category_ids,
      subcategory_ids, gender_category, tagline, seo_title, seo_description, seo_keywords
    )
    select r.name, r.description, r.price, r.image_url, r.media_urls, r.variants, r.affiliate_links,
           r.category_ids, r.subcategory_ids, r.gender_category, r.tagline, r.seo_title,
           r.seo_description, r.seo_keywords
    from jsonb_populate_record(null::public.products, product) as r
    returning * into saved;
  else
    update public.products as p
       set (name, description, price, image_url, media_urls, variants, affiliate_links, category_ids,
            subcategory_ids, gender_category, tagline, seo_title, seo_description, seo_keywords) = (
             select r.name, r.description, r.price, r.image_url, r.media_urls, r.variants,
                    r.affiliate_links, r.category_ids, r.subcategory_ids, r.gender_category, r.tagline,
                    r.seo_title, r.seo_description, r.seo_keywords
             from jsonb_populate_record(p, product) as r
           )
     where p.id = target
    returning * into saved;
    if not found then
      raise exception 'Product not found' using errcode = 'P0002';
    end if;
  end if;
  return next saved;
end;
$$;


-- Creates a category (no id) or updates one (id), and with a `subcategories` list makes its
-- subcategories exactly that list: those missing from it are deleted, those with an id updated,
-- those without one inserted (an empty list deletes all). Without the list they stay as they are.
-- A new subcategory takes the category's audience unless it names its own.
create function public.admin_save_category(category jsonb)
returns setof public.categories
language plpgsql
security invoker
set search_path = ''
as $$
declare
  target uuid := (category ->> 'id')::uuid;
  submitted jsonb := category -> 'subcategories';
  saved public.categories;
  stranger text;
  changed bigint := 0;
  n bigint;
begin
  if target is null then
    insert into public.categories (
      name, description, short_description, image_url, image_url_banner, image_url_banner_small,
      color, visible, type, gender_category
    )
    select r.name, r.description, r.short_description, r.image_url, r.image_url_banner,
           r.image_url_banner_small, r.color, r.visible, r.type, r.gender_category
    from jsonb_populate_record(null::public.categories, category) as r
    returning * into saved;
  else
    update public.categories as c
       set (name, description, short_description, image_url, image_url_banner,
            image_url_banner_small, color, visible, type, gender_category) = (
             select r.name, r.description, r.short_description, r.image_url, r.image_url_banner,
                    r.image_url_banner_small, r.color, r.visible, r.type, r.gender_category
             from jsonb_populate_record(c, category) as r
           )
     where c.id = target
    returning * into saved;
    if not found then
      raise exception 'Category not found' using errcode = 'P0002';
    end if;
  end if;

  if submitted is not null then
    select e ->> 'id' into stranger
    from jsonb_array_elements(submitted) as e
    where e ->> 'id' is not null
      and not exists (
        select 1 from public.subcategories s
        where s.id = (e ->> 'id')::uuid and s.category_id = saved.id
      )
    limit 1;
    if found then
      raise exception 'subcategories: % is not a subcategory of this category', stranger
        using errcode = '23503', hint = 'Leave the id out to add a new subcategory.';
    end if;

    delete from public.subcategories s
    where s.category_id = saved.id
      and s.id not in (
        select (e ->> 'id')::uuid from jsonb_array_elements(submitted) as e where e ->> 'id' is not null
      );
    get diagnostics n = row_count;
    changed := changed + n;

    update public.subcategories s
       set name = x.name,
           description = x.description,
           gender_category = coalesce(x.gender_category, s.gender_category)
      from jsonb_to_recordset(submitted)
           as x(id uuid, name text, description text, gender_category public.gender_category)
     where s.id = x.id
       and (s.name, s.description, s.gender_category)
           is distinct from (x.name, x.description, coalesce(x.gender_category, s.gender_category));
    get diagnostics n = row_count;
    changed := changed + n;

    insert into public.subcategories (category_id, name, description, gender_category)
    select saved.id, x.name, x.description, coalesce(x.gender_category, saved.gender_category)
    from jsonb_to_recordset(submitted)
         as x(id uuid, name text, description text, gender_category public.gender_category)
    where x.id is null;
    get diagnostics n = row_count;
    changed := changed + n;

    -- The category's updated_at says when anything shown on its page last changed.
    if changed > 0 and target is not null then
      update public.categories c set name = c.name where c.id = saved.id returning * into saved;
    end if;
  end if;
  return next saved;
end;
$$;


-- Deletes a platform unless an affiliate link still names it. The delete comes first: its row
-- lock makes a concurrent admin_save_product naming the platform finish before the check looks.
create function public.admin_delete_platform(platform_id uuid)
returns setof public.platforms
language plpgsql
security invoker
set search_path = ''
as $$
declare
  gone public.platforms;
  users bigint;
begin
  delete from public.platforms p where p.id = platform_id returning * into gone;
  if not found then
    raise exception 'Platform not found' using errcode = 'P0002';
  end if;
  select count(*) into users
  from public.products p
  where p.affiliate_links @> jsonb_build_array(jsonb_build_object('platform', gone.name));
  if users > 0 then
    raise exception '% is still used by the affiliate links of % product%', gone.name, users,
      case when users = 1 then '' else 's' end
      using errcode = '2BP01', hint = 'Remove those links first.';
  end if;
  return next gone;
end;
$$;

revoke all on function public.admin_save_product(jsonb), public.admin_save_category(jsonb),
  public.admin_delete_platform(uuid) from public, anon, authenticated;
grant execute on function public.admin_save_product(jsonb), public.admin_save_category(jsonb),
  public.admin_delete_platform(uuid) to service_role;
