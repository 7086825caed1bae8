/**
 * Whether the signed-in user is an admin, for the admin pages' guard. The guard is only for
 * comfort — every admin write and every read of non-public data is refused on the server (the
 * functions and row-level security) unless the caller's profile has is_admin.
 */
import { atom } from 'nanostores';
import { $auth, authClient } from '../account/store.ts';

export type AdminAccess = 'checking' | 'signedOut' | 'notAdmin' | 'admin';

export const $adminAccess = atom<AdminAccess>('checking');

/** Reads profiles.is_admin for the user (spec: single row where id equals the user id). */
export async function isAdmin(userId: string): Promise<boolean> {
  const db = await authClient();
  const { data, error } = await db.from('profiles').select('is_admin').eq('id', userId).single();
  if (error) {
    console.error('admin.isAdmin', error);
    return false;
  }
  return data.is_admin;
}

let following = false;

/** Keeps $adminAccess in step with the signed-in user. */
export function followAdminAccess(): void {
  if (following) return;
  following = true;
  $auth.subscribe(async (auth) => {
    if (auth.status === 'loading') return $adminAccess.set('checking');
    if (auth.status === 'signedOut') return $adminAccess.set('signedOut');
    $adminAccess.set('checking');
    $adminAccess.set((await isAdmin(auth.user.id)) ? 'admin' : 'notAdmin');
  });
}
