/**
 * /api/admin/platforms — the retailers an affiliate link can name, as a list the admin manages.
 *
 *   POST   { "name": … }          201 the platform
 *   DELETE { "id": … } or ?id=…   200 { "deleted": true }
 *
 * 400 { error, field } for a missing or too long name or id; 401 'Sign in as an admin'; 403
 * 'Admins only'; 404 'Platform not found'; 409 when the name is taken (in any letter case) or,
 * on delete, while any product's affiliate link still names the platform — deleting it then
 * would leave links to a retailer the product form no longer offers, so the links go first.
 * There is no rename: links and price history name platforms by their name.
 */
import type { Config } from '@netlify/functions';
import { platformCreateSchema, platformIdSchema } from '../src/features/admin/platforms/schemas.ts';
import { adminEndpoint, deleteTarget, readBody } from './_shared/admin.ts';
import { serviceDb } from './_shared/supabase.ts';
import { writeFailure, type WriteSubject } from './_shared/write-errors.ts';

const PLATFORM_COLUMNS = 'id, name, created_at, updated_at';

export default adminEndpoint('admin-platforms', {
  async POST(request) {
    const { name } = await readBody(request, platformCreateSchema);
    const { data, error } = await serviceDb().from('platforms').insert({ name }).select(PLATFORM_COLUMNS).single();
    const subject: WriteSubject = { label: 'Platform', table: 'platforms', taken: () => `A platform named ${name} already exists` };
    if (error) throw writeFailure(error, subject);
    return { status: 201, body: data, change: `platform "${data.name}" added` };
  },
  async DELETE(request) {
    const id = await deleteTarget(request, platformIdSchema);
    const { data, error } = await serviceDb().rpc('admin_delete_platform', { platform_id: id }).select('id, name').single();
    if (error) throw writeFailure(error, { label: 'Platform', table: 'platforms' });
    return { status: 200, body: { deleted: true }, change: `platform "${data.name}" deleted` };
  },
});

export const config: Config = { path: '/api/admin/platforms', method: ['POST', 'DELETE'] };
