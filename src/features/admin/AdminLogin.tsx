/** /admin/login: 'Admin Login' with email and password; on success the dashboard at /admin. */
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { Input } from '../../components/ui/Input.tsx';
import { showToast, showToastOnNextPage } from '../../components/ui/toast.ts';
import { useInputBeforeHydration } from '../../components/ui/use-input-before-hydration.ts';
import { useSubmitBeforeHydration } from '../../components/ui/use-submit-before-hydration.ts';
import { signIn, signOut, startAuth, $auth } from '../account/store.ts';
import { isAdmin } from './access.ts';

export default function AdminLogin() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const emailField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  useInputBeforeHydration(emailField, email, setEmail);
  useInputBeforeHydration(passwordField, password, setPassword);
  const form = useRef<HTMLFormElement>(null);
  useSubmitBeforeHydration(form);

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
    <form ref={form} onSubmit={submit} className="space-y-4 rounded-2xl border border-black/10 bg-white p-6 shadow-sm">
      <Field id="admin-email" label="Email">
        <Input ref={emailField} type="email" required autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
      </Field>
      <Field id="admin-password" label="Password">
        <Input ref={passwordField} type="password" required autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      <Button type="submit" size="md" disabled={busy} className="w-full">
        {busy ? 'Logging in...' : 'Login'}
      </Button>
    </form>
  );
}
