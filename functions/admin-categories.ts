/**
 * /api/admin/categories — an admin creates, updates and deletes categories with their
 * subcategories.
 *
 *   POST   a category (CategoryCreateInput)                 201 the category with subcategories
 *   PUT    a category with its id (CategoryUpdateInput)       200 the category with subcategories
 *   DELETE { "id": … } or ?id=…                             200 { "deleted": true }
 *
 * With `subcategories`, the category's subcategories become exactly that list: missing ones are
 * deleted (and leave their products), those with an id updated, those without inserted; an empty
 * list deletes all. All of it, and the category itself, is one transaction (admin_save_category).
 * Without the list an update leaves them alone.
 *
 * 400 { error, field } when the body does not fit src/features/admin/categories/schemas.ts
 * ('At least one type must be selected', 'No category selected', …) or lists a subcategory of
 * another category; 401 'Sign in as an admin'; 403 'Admins only'; 404 'Category not found'; 409
 * 'A category named X already exists'. Deleting a category takes it off its products and leaves
 * its blogs and quizzes without a category.
 */
import type { Config } from '@netlify/functions';
import type { PostgrestError } from '@supabase/supabase-js';
import { categoryCreateSchema, categoryIdSchema, categoryUpdateSchema, type CategoryCreate, type CategoryUpdate } from '../src/features/admin/categories/schemas.ts';
import { adminEndpoint, deleteTarget, readBody, type Written } from './_shared/admin.ts';
import { HttpError } from './_shared/http.ts';
import { serviceDb } from './_shared/supabase.ts';
import { writeFailure, type WriteSubject } from './_shared/write-errors.ts';

const CATEGORY_COLUMNS =
  'id, name, description, short_description, image_url, image_url_banner, image_url_banner_small, color, visible, type, gender_category, personality, featured, created_at, updated_at, subcategories(id, name, description, gender_category)';

const SUBCATEGORY_TAKEN = /\(category_id, name\)=\([^,]+, (.*)\) already exists/;

function subject(category: CategoryCreate | CategoryUpdate): WriteSubject {
  return {
    label: 'Category',
    table: 'categories',
    taken: (error: PostgrestError) => {
      if (error.message.includes('subcategories_category_id_name_key')) {
        const name = SUBCATEGORY_TAKEN.exec(error.details ?? '')?.[1] ?? 'so';
        return `A subcategory named ${name} already exists in this category`;
      }
      return `A category named ${category.name} already exists`;
    },
  };
}

async function save(category: CategoryCreate | CategoryUpdate) {
  const db = serviceDb();
  const saved = await db.rpc('admin_save_category', { category }).select('id').single();
  if (saved.error) throw writeFailure(saved.error, subject(category));
  // Read back after the commit, with the subcategories as they now are.
  const { data, error } = await db
    .from('categories')
    .select(CATEGORY_COLUMNS)
    .eq('id', saved.data.id)
    .order('name', { referencedTable: 'subcategories' })
    .single();
  if (error) throw writeFailure(error, { label: 'Category', table: 'categories' });
  return data;
}

/** POST and PUT are one save, told apart by what the body must hold and what the answer says. */
function saveFrom(schema: typeof categoryCreateSchema | typeof categoryUpdateSchema, status: Written['status'], done: string) {
  return async (request: Request): Promise<Written> => {
    const saved = await save(await readBody(request, schema));
    return { status, body: saved, change: `category "${saved.name}" ${done}` };
  };
}

export default adminEndpoint('admin-categories', {
  POST: saveFrom(categoryCreateSchema, 201, 'created'),
  PUT: saveFrom(categoryUpdateSchema, 200, 'updated'),
  async DELETE(request) {
    const id = await deleteTarget(request, categoryIdSchema);
    const { data, error } = await serviceDb().from('categories').delete().eq('id', id).select('id, name').maybeSingle();
    if (error) throw writeFailure(error, { label: 'Category', table: 'categories' });
    if (!data) throw new HttpError(404, 'Category not found');
    return { status: 200, body: { deleted: true }, change: `category "${data.name}" deleted` };
  },
});

export const config: Config = { path: '/api/admin/categories', method: ['POST', 'PUT', 'DELETE'] };
