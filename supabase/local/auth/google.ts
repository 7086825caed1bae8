/**
 * "Sign in with Google" without Google. GET /authorize shows a local page that emulates Google's
 * consent step and says so; its form posts to /callback, which does what GoTrue does once Google
 * answers: find or create the user behind the Google identity (linking it to an existing account
 * with that address), then return to the app with a session in the fragment, or with `?code=` for
 * PKCE clients.
 *
 * Nothing checks that the visitor owns the Google account they type in. So the page fills in no
 * account, and it never signs in to an account that has a password without the visitor's explicit
 * choice for that address, asked for every time: typing the demo admin's address is not enough.
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../db.ts';
import { escapeHtml, html, type StandInContext } from '../http.ts';
import { AuthApiError, badRequest } from './errors.ts';
import { page } from './page.ts';
import { codeChallenge, createFlowState, type CodeChallenge } from './pkce.ts';
import { allowedRedirect, codeRedirect, errorRedirect, requestReferrer, sessionRedirect } from './redirects.ts';
import { startSession } from './sessions.ts';
import {
  confirmUser,
  findUser,
  findUserByEmail,
  insertIdentity,
  insertUser,
  mergeUserMetadata,
  syncProviders,
  type AuthUser,
  type Metadata,
} from './users.ts';
import { validEmail } from './validation.ts';

const CALLBACK_PATH = '/auth/v1/callback';
/** The form field whose value, equal to the address, is the choice to sign in to an existing password account. */
const LINK_ACCOUNT = 'link_account';

/** A stable, Google-like numeric account id for an address, so signing in again finds the same identity. */
export function googleSubject(email: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 16)}`);
  return `1${digits.toString().padStart(20, '0')}`;
}

/** A small generated picture (the name's initial on a colour of its own), as a data: URL. */
export function avatarFor(fullName: string, email: string): string {
  const initial = escapeHtml((fullName.trim()[0] ?? email[0] ?? 'U').toUpperCase());
  const hue = parseInt(createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 4), 16) % 360;
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'>` +
    `<rect width='40' height='40' fill='hsl(${hue},45%,40%)'/>` +
    `<text x='20' y='27' font-size='20' font-family='sans-serif' text-anchor='middle' fill='white'>${initial}</text></svg>`;
  return `data:image/svg+xml,${svg.replace(/[<>#%]/g, encodeURIComponent)}`;
}

/** What GoTrue stores from Google's answer: the identity data, which also fills user_metadata. */
export function googleIdentityData(email: string, fullName: string): Metadata {
  const sub = googleSubject(email);
  const picture = avatarFor(fullName, email);
  return {
    iss: 'https://www.googleapis.com/userinfo/v2/me',
    sub,
    name: fullName,
    email,
    picture,
    full_name: fullName,
    avatar_url: picture,
    provider_id: sub,
    email_verified: true,
    phone_verified: false,
  };
}

interface Flow {
  redirectTo: string;
  pkce: CodeChallenge | null;
}

/** An existing account with a password behind the address: signing in to it needs the visitor's choice. */
interface PasswordAccount {
  email: string;
  /** An unconfirmed sign-up, which Google's answer takes over (its password stops working). */
  confirmed: boolean;
}

interface ConsentForm {
  email: string;
  fullName: string;
  problem?: { field: 'email' | 'full_name'; message: string };
  /** The account the address belongs to, when the choice to sign in to it is still to be made. */
  choose?: PasswordAccount;
}

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
}

function field(name: 'email' | 'full_name', label: string, value: string, form: ConsentForm, attrs: string): string {
  const invalid = form.problem?.field === name;
  const describedBy = invalid ? ' aria-invalid="true" aria-describedby="form-problem"' : '';
  return `<label for="${name}">${label}</label>
<input id="${name}" name="${name}" value="${escapeHtml(value)}" required ${attrs}${describedBy}>`;
}

function choice(account: PasswordAccount): string {
  const email = escapeHtml(account.email);
  const what = account.confirmed
    ? `Continuing signs you in to that account without its password, and links this pretend Google account to it
(as hosted Supabase links a Google account with the same verified address).`
    : `It is an unconfirmed sign-up. Continuing takes it over for this pretend Google account: its password stops
working (as hosted Supabase does once Google vouches for the address).`;
  return `<div role="alert" id="form-problem">
<p><strong>An account with a password already exists for ${email}.</strong> ${what}</p>
</div>
<p><input type="checkbox" id="${LINK_ACCOUNT}" name="${LINK_ACCOUNT}" value="${email}" required>
<label for="${LINK_ACCOUNT}" class="inline">Yes, sign in to the existing account ${email}</label></p>`;
}

function consentPage(flow: Flow, form: ConsentForm): string {
  const returnsTo = new URL(flow.redirectTo).origin;
  const cancel = `${CALLBACK_PATH}?${new URLSearchParams({
    error: 'access_denied',
    error_description: 'The user cancelled signing in with Google',
    redirect_to: flow.redirectTo,
  })}`;
  const problem = form.problem ? `<p role="alert" id="form-problem">${escapeHtml(form.problem.message)}</p>` : '';
  return page(
    'Google sign-in: local emulation (not Google)',
    `<h1>Google sign-in: local emulation</h1>
<p class="warning"><strong>This page is not Google.</strong> It belongs to the local Supabase stand-in on this
machine: nothing is sent to Google and no Google account or password is checked. The address you enter is
taken as the Google account that signed in.</p>
<p>After signing in you return to <strong>${escapeHtml(returnsTo)}</strong>.</p>
${problem}
<form method="post" action="${CALLBACK_PATH}">
${hidden('provider', 'google')}
${hidden('redirect_to', flow.redirectTo)}
${hidden('code_challenge', flow.pkce?.challenge ?? '')}
${hidden('code_challenge_method', flow.pkce?.method ?? '')}
${field('email', 'Email', form.email, form, 'type="email" autocomplete="email" placeholder="name@gmail.com"')}
${field('full_name', 'Full name', form.fullName, form, 'type="text" autocomplete="name"')}
${form.choose ? choice(form.choose) : ''}
<div class="actions">
<button type="submit">Continue</button>
<a href="${escapeHtml(cancel)}">Cancel</a>
</div>
</form>`,
  );
}

/** GET /authorize?provider=google: the consent page (GoTrue would redirect to Google here). */
export async function handleAuthorize(request: Request, ctx: StandInContext): Promise<Response> {
  const query = new URL(request.url).searchParams;
  const provider = (query.get('provider') ?? '').toLowerCase();
  if (provider !== 'google') {
    throw badRequest('validation_failed', `Unsupported provider: Provider ${provider} could not be found`);
  }
  const redirectTo = requestReferrer(request, ctx.siteUrl);
  const pkce = codeChallenge(query.get('code_challenge') ?? '', query.get('code_challenge_method') ?? '');
  return html(200, consentPage({ redirectTo, pkce }, { email: '', fullName: '' }));
}

/**
 * A user who has not confirmed their address loses what they set up unconfirmed (password,
 * other identities, metadata) once Google vouches for the address: GoTrue's guard against
 * someone registering another person's address first and waiting for them to sign in.
 */
async function dropUnconfirmedSetup(tx: Queryable, userId: string, identityData: Metadata): Promise<void> {
  await tx.query(
    `update auth.users set encrypted_password = '', raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1`,
    [userId, JSON.stringify(identityData)],
  );
  await tx.query(`delete from auth.identities where user_id = $1 and provider <> 'google'`, [userId]);
}

/** The user a Google account signs in as, if one exists: the identity's owner, else the owner of the address. */
async function existingUser(tx: Queryable, email: string, sub: string): Promise<AuthUser | null> {
  const known = await tx.query<{ user_id: string }>(
    `select user_id from auth.identities where provider = 'google' and provider_id = $1`,
    [sub],
  );
  const userId = known.rows[0]?.user_id;
  return userId ? findUser(tx, userId) : findUserByEmail(tx, email);
}

type GoogleSignIn = { kind: 'signed-in'; userId: string } | { kind: 'choose'; account: PasswordAccount } | { kind: 'raced' };

/**
 * Signs the Google account in as its user (linking or creating it), unless that user has a
 * password and `chosen` is false: then nothing is written and the visitor must choose.
 */
async function googleUser(tx: Queryable, email: string, identityData: Metadata, chosen: boolean): Promise<GoogleSignIn> {
  const sub = String(identityData.sub);
  const existing = await existingUser(tx, email, sub);
  if (existing?.encrypted_password && !chosen) {
    return { kind: 'choose', account: { email: existing.email ?? email, confirmed: existing.email_confirmed_at !== null } };
  }
  const linked = existing?.identities.some((i) => i.provider === 'google' && i.provider_id === sub) ?? false;
  let userId = existing?.id ?? null;
  if (userId && linked) {
    // The user row is locked first, as everywhere else in the stand-in.
    await tx.query('select 1 from auth.users where id = $1 for no key update', [userId]);
    await tx.query(
      `update auth.identities set identity_data = $2::jsonb, last_sign_in_at = now(), updated_at = now()
        where provider = 'google' and provider_id = $1`,
      [sub, JSON.stringify(identityData)],
    );
  } else {
    userId ??= await insertUser(tx, {
      email,
      passwordHash: null,
      userMetadata: identityData,
      appMetadata: { provider: 'google', providers: ['google'] },
      confirmed: true,
    });
    if (!userId) return { kind: 'raced' };
    await insertIdentity(tx, userId, 'google', sub, identityData);
  }
  const user = await findUser(tx, userId);
  if (!user) return { kind: 'raced' };
  if (!user.email_confirmed_at) {
    await dropUnconfirmedSetup(tx, userId, identityData);
    await confirmUser(tx, userId);
  } else {
    await mergeUserMetadata(tx, userId, identityData);
  }
  await syncProviders(tx, userId);
  return { kind: 'signed-in', userId };
}

/** GET or POST /callback: the consent page's answer (or its Cancel link). Redirects back to the app. */
export async function handleCallback(request: Request, ctx: StandInContext): Promise<Response> {
  // The consent form posts application/x-www-form-urlencoded; the Cancel link is a plain GET.
  const form = new URLSearchParams(request.method === 'POST' ? await request.text() : new URL(request.url).search);
  const read = (name: string) => form.get(name) ?? '';
  const redirectTo = allowedRedirect(read('redirect_to'), ctx.siteUrl);
  const redirect = (location: string) => new Response(null, { status: 302, headers: { location } });

  if (read('error') !== '' || request.method !== 'POST') {
    const cancelled = read('error') !== '';
    return redirect(
      errorRedirect(
        redirectTo,
        cancelled
          ? { error: read('error'), description: read('error_description') }
          : { error: 'invalid_request', description: 'OAuth callback with missing authorization code missing' },
        true,
      ),
    );
  }

  let pkce: CodeChallenge | null;
  try {
    pkce = codeChallenge(read('code_challenge'), read('code_challenge_method'));
  } catch (error) {
    if (!(error instanceof AuthApiError)) throw error;
    return redirect(errorRedirect(redirectTo, { error: 'invalid_request', errorCode: error.errorCode, description: error.message }, true));
  }
  const fullName = read('full_name').trim();
  const typedEmail = read('email').trim();
  let email: string;
  try {
    email = validEmail(typedEmail);
  } catch {
    const problem = { field: 'email' as const, message: 'Enter an email address like name@example.com.' };
    return html(400, consentPage({ redirectTo, pkce }, { email: typedEmail, fullName, problem }));
  }
  if (fullName === '') {
    const problem = { field: 'full_name' as const, message: 'Enter the full name of the Google account.' };
    return html(400, consentPage({ redirectTo, pkce }, { email, fullName, problem }));
  }

  const identityData = googleIdentityData(email, fullName);
  // The choice counts only for the address it was made for.
  const chosen = read(LINK_ACCOUNT).trim().toLowerCase() === email;
  const signIn = () =>
    ctx.db.transaction(async (tx) => {
      const outcome = await googleUser(tx, email, identityData, chosen);
      if (outcome.kind !== 'signed-in') return outcome;
      const location = pkce
        ? codeRedirect(redirectTo, await createFlowState(tx, outcome.userId, pkce, 'oauth', 'google'))
        : sessionRedirect(redirectTo, await startSession(tx, ctx, outcome.userId, 'oauth'));
      return { kind: 'redirect' as const, location };
    });
  // 'raced': a concurrent sign-in created the same user first; the second attempt finds it.
  let outcome = await signIn();
  if (outcome.kind === 'raced') outcome = await signIn();
  switch (outcome.kind) {
    case 'redirect':
      return redirect(outcome.location);
    case 'choose':
      return html(409, consentPage({ redirectTo, pkce }, { email, fullName, choose: outcome.account }));
    case 'raced':
      throw new Error(`google: could not sign in ${email}`);
  }
}
