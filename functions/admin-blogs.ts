/**
 * /api/admin/blogs — an admin creates, updates and deletes blog articles.
 *
 *   POST   a blog (BlogCreateInput)                 201 the blog
 *   PUT    a blog with its id (BlogUpdateInput)     200 the blog; fields left out keep their value
 *   DELETE { "id": … } or ?id=…                     200 { "deleted": true }
 *
 * products_id is not sent: the database derives it from the product tags in the content. Fields
 * left out of a new blog take the database's defaults (publish_date now, not featured, for both).
 *
 * 400 { error, field } when the body does not fit src/features/admin/blogs/schemas.ts, the category is
 * not a blog category or the writer does not exist; 401 'Sign in as an admin'; 403 'Admins only';
 * 404 'Blog not found'.
 */
import type { Config } from '@netlify/functions';
import { blogCreateSchema, blogIdSchema, blogUpdateSchema } from '../src/features/admin/blogs/schemas.ts';
import { adminEndpoint, deleteTarget, readBody } from './_shared/admin.ts';
import { HttpError } from './_shared/http.ts';
import { serviceDb } from './_shared/supabase.ts';
import { writeFailure, type WriteSubject } from './_shared/write-errors.ts';

export const BLOG_COLUMNS =
  'id, title, content, excerpt, category_id, gender_category, image_url, publish_date, products_id, writer_id, author, featured, created_at, updated_at';

const BLOG: WriteSubject = { label: 'Blog', table: 'blogs' };

export default adminEndpoint('admin-blogs', {
  async POST(request) {
    const blog = await readBody(request, blogCreateSchema);
    const { data, error } = await serviceDb().from('blogs').insert(blog).select(BLOG_COLUMNS).single();
    if (error) throw writeFailure(error, BLOG);
    return { status: 201, body: data, change: `blog "${data.title}" created` };
  },
  async PUT(request) {
    const { id, ...blog } = await readBody(request, blogUpdateSchema);
    const { data, error } = await serviceDb().from('blogs').update(blog).eq('id', id).select(BLOG_COLUMNS).maybeSingle();
    if (error) throw writeFailure(error, BLOG);
    if (!data) throw new HttpError(404, 'Blog not found');
    return { status: 200, body: data, change: `blog "${data.title}" updated` };
  },
  async DELETE(request) {
    const id = await deleteTarget(request, blogIdSchema);
    const { data, error } = await serviceDb().from('blogs').delete().eq('id', id).select('id, title').maybeSingle();
    if (error) throw writeFailure(error, BLOG);
    if (!data) throw new HttpError(404, 'Blog not found');
    return { status: 200, body: { deleted: true }, change: `blog "${data.title}" deleted` };
  },
});

export const config: Config = { path: '/api/admin/blogs', method: ['POST', 'PUT', 'DELETE'] };
