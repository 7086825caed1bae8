/** /admin/login: 'Admin Login' with email and password; on success the dashboard at /admin. */
import { useState, type FormEvent } from 'react';
import { showToast, showToastOnNextPage } from '../../components/ui/toast.ts';
import { signIn, signOut, startAuth, $auth } from '../account/store.ts';
import { isAdmin } from './access.ts';

const input = 'w-full rounded-lg border border-black/15 px-3 py-2 text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30';

export default function AdminLogin() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    startAuth();
    const result = await signIn(email, password);
    if (!result.ok) {
      showToast(`Failed to log in: ${result.error}`, 'error');
      setBusy(false);
      return;
    }
    const auth = $auth.get();
    if (auth.status !== 'signedIn' || !(await isAdmin(auth.user.id))) {
      await signOut();
      showToast('Failed to log in: this account is not an admin', 'error');
      setBusy(false);
      return;
    }
    showToastOnNextPage('Logged in successfully', 'success');
    location.assign('/admin');
  }

  return (
    <form onSubmit={submit} className="space-y-4 rounded-2xl border border-black/10 bg-white p-6 shadow-sm">
      <div className="space-y-1">
        <label htmlFor="admin-email" className="text-sm font-medium text-ink">Email</label>
        <input id="admin-email" type="email" required autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} className={input} />
      </div>
      <div className="space-y-1">
        <label htmlFor="admin-password" className="text-sm font-medium text-ink">Password</label>
        <input id="admin-password" type="password" required autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} className={input} />
      </div>
      <button type="submit" disabled={busy} className="w-full rounded-full bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70">
        {busy ? 'Logging in...' : 'Login'}
      </button>
    </form>
  );
}
