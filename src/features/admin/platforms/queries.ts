/** The Platforms room's read through supabase-js: the retailers an affiliate link can name. */
import type { Db } from '../../../lib/supabase.ts';

export interface AdminPlatform {
  id: string;
  name: string;
}

/** The platforms an affiliate link can name (spec: name, ordered by name). */
export async function platformList(db: Db): Promise<AdminPlatform[]> {
  const { data, error } = await db.from('platforms').select('id, name').order('name');
  if (error) throw new Error('admin.platformList', { cause: error });
  return data;
}
