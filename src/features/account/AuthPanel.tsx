/**
 * The Login and Sign Up forms with their tabs, used in the header's Sign In dialog and on the
 * /login and /auth pages. Validation and messages follow spec document 1 (sections 2, 4, 5, 8).
 */
import { useId, useRef, useState, type ComponentProps, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { useInputBeforeHydration } from '../../components/ui/use-input-before-hydration.ts';
import { useSubmitBeforeHydration } from '../../components/ui/use-submit-before-hydration.ts';
import { resendConfirmation } from './resend.ts';
import { signIn, signInWithGoogle, signUp } from './store.ts';
import { SIGN_UP_CONFIRMATION, signUpProblem } from './validation.ts';

export type AuthTab = 'login' | 'signup';

interface Props {
  initialTab?: AuthTab;
  /** Called after a successful sign-in (the dialog closes). */
  onSignedIn?: () => void;
}

const input =
  'w-full rounded-lg border border-black/15 px-3 py-2 text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30';
const switchLink = 'font-semibold text-brand-700 underline-offset-2 hover:underline';

export default function AuthPanel({ initialTab = 'login', onSignedIn }: Props) {
  const [tab, setTab] = useState<AuthTab>(initialTab);
  const ids = useId();
  const tabButton = (value: AuthTab, label: string) => (
    <button
      type="button"
      role="tab"
      id={`${ids}-${value}-tab`}
      aria-selected={tab === value}
      aria-controls={`${ids}-${value}-panel`}
      onClick={() => setTab(value)}
      className={`flex-1 rounded-full px-4 py-2 text-sm font-semibold ${tab === value ? 'bg-white text-ink shadow' : 'text-muted hover:text-ink'}`}
    >
      {label}
    </button>
  );
  return (
    <div>
      <div role="tablist" aria-label="Sign in or sign up" className="flex gap-1 rounded-full bg-gray-100 p-1">
        {tabButton('login', 'Login')}
        {tabButton('signup', 'Sign Up')}
      </div>
      <div role="tabpanel" id={`${ids}-${tab}-panel`} aria-labelledby={`${ids}-${tab}-tab`} className="mt-6">
        {tab === 'login' ? (
          <LoginForm onSwitch={() => setTab('signup')} onSignedIn={onSignedIn} />
        ) : (
          <SignUpForm onSwitch={() => setTab('login')} />
        )}
      </div>
    </div>
  );
}

/** A required text input with its label above it; the text stays 16px, so phones do not zoom in. */
function TextField({ id, label, value, onChange, ...props }: { id: string; label: string; value: string; onChange: (value: string) => void } & Omit<ComponentProps<'input'>, 'onChange' | 'value'>) {
  const field = useRef<HTMLInputElement>(null);
  useInputBeforeHydration(field, value, onChange);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-sm font-medium text-ink">{label}</label>
      <input ref={field} id={id} required value={value} onChange={(event) => onChange(event.target.value)} className={input} {...props} />
    </div>
  );
}

function ErrorBox({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

/** The green note that a confirmation link is on its way. */
function ConfirmationSent() {
  return (
    <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
      {SIGN_UP_CONFIRMATION}
    </p>
  );
}

function GoogleButton({ disabled, onError }: { disabled: boolean; onError: (message: string) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      size="md"
      className="w-full"
      disabled={disabled || busy}
      onClick={async () => {
        setBusy(true);
        const result = await signInWithGoogle();
        if (!result.ok) {
          onError(result.error);
          setBusy(false);
        }
      }}
    >
      <svg className="size-5" viewBox="0 0 24 24" aria-hidden="true">
        <path fill="#4285F4" d="M22.6 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h6a5.1 5.1 0 0 1-2.2 3.4v2.8h3.6c2.1-2 3.2-4.9 3.2-8.2z" />
        <path fill="#34A853" d="M12 23c3 0 5.5-1 7.4-2.7l-3.6-2.8c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2v2.9A11 11 0 0 0 12 23z" />
        <path fill="#FBBC05" d="M5.7 14a6.6 6.6 0 0 1 0-4.2V7H2a11 11 0 0 0 0 9.9L5.7 14z" />
        <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2 7l3.7 2.9C6.6 7.3 9.1 5.4 12 5.4z" />
      </svg>
      Continue with Google
    </Button>
  );
}

function LoginForm({ onSwitch, onSignedIn }: { onSwitch: () => void; onSignedIn?: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The address a sign-in was refused for as not yet confirmed: its confirmation mail can be sent again. */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const [confirmationSent, setConfirmationSent] = useState(false);
  const ids = useId();
  const form = useRef<HTMLFormElement>(null);
  useSubmitBeforeHydration(form);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setConfirmationSent(false);
    const result = await signIn(email, password);
    setBusy(false);
    if (result.ok) {
      onSignedIn?.();
      return;
    }
    setError(result.error);
    setUnconfirmed(result.code === 'email_not_confirmed' ? email : null);
  }

  async function resend(address: string) {
    setBusy(true);
    const result = await resendConfirmation(address);
    setBusy(false);
    if (result.ok) {
      setError(null);
      setUnconfirmed(null);
      setConfirmationSent(true);
    } else {
      setError(result.error);
    }
  }

  return (
    <form ref={form} onSubmit={submit} className="space-y-4" aria-label="Login">
      <ErrorBox message={error} />
      {/* Only while the address typed is the one refused. */}
      {unconfirmed !== null && unconfirmed === email && (
        <Button variant="secondary" size="md" className="w-full" disabled={busy} onClick={() => void resend(unconfirmed)}>
          Resend confirmation email
        </Button>
      )}
      {confirmationSent && <ConfirmationSent />}
      <TextField id={`${ids}-email`} label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} />
      <TextField id={`${ids}-password`} label="Password" type="password" autoComplete="current-password" value={password} onChange={setPassword} />
      <Button type="submit" size="md" className="w-full" disabled={busy}>{busy ? 'Logging in...' : 'Log In'}</Button>
      <GoogleButton disabled={busy} onError={setError} />
      <p className="text-center text-sm text-muted">
        Don't have an account?{' '}
        <button type="button" onClick={onSwitch} className={switchLink}>Sign up</button>
      </p>
    </form>
  );
}

function SignUpForm({ onSwitch }: { onSwitch: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmationSent, setConfirmationSent] = useState(false);
  const ids = useId();
  const form = useRef<HTMLFormElement>(null);
  useSubmitBeforeHydration(form);

  // A new attempt replaces the last one's message: a failure never shows beside an earlier confirmation.
  const showError = (message: string) => {
    setConfirmationSent(false);
    setError(message);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const problem = signUpProblem({ email, password, confirmPassword });
    if (problem) {
      showError(problem);
      return;
    }
    setBusy(true);
    const result = await signUp(email, password);
    setBusy(false);
    if (result.ok) {
      // Sent: the filled-in form goes, so the same sign-up is not sent twice by a second press.
      setConfirmationSent(true);
      setEmail('');
      setPassword('');
      setConfirmPassword('');
    } else {
      showError(result.error);
    }
  }

  return (
    <form ref={form} onSubmit={submit} className="space-y-4" aria-label="Sign Up">
      <ErrorBox message={error} />
      {confirmationSent && <ConfirmationSent />}
      <TextField id={`${ids}-email`} label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} />
      <TextField id={`${ids}-password`} label="Password" type="password" autoComplete="new-password" value={password} onChange={setPassword} />
      <TextField id={`${ids}-confirm`} label="Confirm Password" type="password" autoComplete="new-password" value={confirmPassword} onChange={setConfirmPassword} />
      <Button type="submit" size="md" className="w-full" disabled={busy}>{busy ? 'Signing up...' : 'Sign Up'}</Button>
      <GoogleButton disabled={busy} onError={showError} />
      <p className="text-center text-sm text-muted">
        Already have an account?{' '}
        <button type="button" onClick={onSwitch} className={switchLink}>Log in</button>
      </p>
    </form>
  );
}
