/** The Platforms room's read through supabase-js: the retailers an affiliate link can name. */
import { allRows } from '../../../lib/all-rows.ts';
import type { Db } from '../../../lib/supabase.ts';

export interface AdminPlatform {
  id: string;
  name: string;
}

/** The platforms an affiliate link can name (spec: name, ordered by name). */
export async function platformList(db: Db): Promise<AdminPlatform[]> {
  return allRows('admin.platformList', (from, to) => db.from('platforms').select('id, name').order('name').order('id').range(from, to));
}
