/**
 * Users and identities in the auth schema, and the user JSON GoTrue answers with.
 *
 * `createUser` is also the seed's way to add users (the demo admin) without going through HTTP.
 */
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db.ts';
import { hashPassword } from './passwords.ts';
import { validEmail } from './validation.ts';

export type Metadata = Record<string, unknown>;

// Type aliases rather than interfaces: they fit the database adapter's `Record<string, unknown>` rows.
export type UserRow = {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  raw_app_meta_data: Metadata;
  raw_user_meta_data: Metadata;
  is_anonymous: boolean;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

export type IdentityRow = {
  id: string;
  user_id: string;
  provider: string;
  provider_id: string;
  identity_data: Metadata;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

export type AuthUser = UserRow & { identities: IdentityRow[] };

// Rows written by SQL rather than by the auth server (seeds, tests) may leave these null.
const USER_COLUMNS = `id, coalesce(aud, '') as aud, coalesce(role, '') as role, email, encrypted_password,
  email_confirmed_at, confirmation_token, confirmation_sent_at,
  coalesce(raw_app_meta_data, '{}') as raw_app_meta_data, coalesce(raw_user_meta_data, '{}') as raw_user_meta_data,
  is_anonymous, last_sign_in_at, created_at, updated_at`;

/** The instance id GoTrue writes into every row it creates (its multi-instance mode is gone). */
export const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';

/** The audience and database role of every user GoTrue signs up. */
const AUDIENCE = 'authenticated';

const iso = (value: Date | string | null): string | undefined =>
  value === null ? undefined : new Date(value).toISOString();

/** An identity as GoTrue shows it: `id` is the provider's id, `identity_id` the row's. */
export function identityJson(identity: IdentityRow) {
  const email = identity.identity_data.email;
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: typeof email === 'string' ? email.toLowerCase() : undefined,
  };
}

/** A user as GoTrue shows it; unset timestamps are left out, as GoTrue's `omitempty` does. */
export function userJson(user: AuthUser) {
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.email_confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: user.identities.map(identityJson),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  };
}

export type UserJson = ReturnType<typeof userJson>;

/**
 * What GoTrue answers a sign-up for an already confirmed address when confirmations are on: a
 * made-up user with no identities, so the answer does not reveal who has an account.
 */
export function obfuscatedUserJson(email: string, data: Metadata, now = new Date()): UserJson {
  const at = now.toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    email_confirmed_at: undefined,
    phone: '',
    confirmation_sent_at: at,
    confirmed_at: undefined,
    last_sign_in_at: undefined,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: at,
    updated_at: at,
    is_anonymous: false,
  };
}

async function withIdentities(q: Queryable, users: UserRow[]): Promise<AuthUser[]> {
  if (users.length === 0) return [];
  const { rows } = await q.query<IdentityRow>(
    `select id, user_id, provider, provider_id, identity_data, last_sign_in_at, created_at, updated_at
       from auth.identities where user_id = any($1::uuid[]) order by created_at, id`,
    [users.map((u) => u.id)],
  );
  return users.map((u) => ({ ...u, identities: rows.filter((i) => i.user_id === u.id) }));
}

export async function findUser(q: Queryable, id: string): Promise<AuthUser | null> {
  const { rows } = await q.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
  return (await withIdentities(q, rows))[0] ?? null;
}

export async function findUserByEmail(q: Queryable, email: string): Promise<AuthUser | null> {
  const { rows } = await q.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1)`,
    [email],
  );
  return (await withIdentities(q, rows))[0] ?? null;
}

/** Users newest first, one page, and how many there are in all. */
export async function listUsers(q: Queryable, page: number, perPage: number) {
  const { rows } = await q.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users order by created_at desc, id limit $1 offset $2`,
    [perPage, (page - 1) * perPage],
  );
  const total = await q.query<{ n: number }>('select count(*)::int as n from auth.users');
  return { users: await withIdentities(q, rows), total: total.rows[0]?.n ?? 0 };
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  userMetadata: Metadata;
  appMetadata: Metadata;
  confirmed: boolean;
}

/**
 * Inserts a user as GoTrue writes one: its own new id, the instance and audience, empty tokens
 * rather than nulls, both timestamps (the profiles trigger adds the profile row). Null when the
 * address was taken by a concurrent request.
 */
export async function insertUser(tx: Queryable, user: NewUser): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_user_meta_data, raw_app_meta_data,
                             email_confirmed_at, confirmation_token, recovery_token, email_change_token_new, email_change,
                             is_super_admin, created_at, updated_at)
     values ($1, $2, $3, $3, $4, $5, $6::jsonb, $7::jsonb, case when $8::boolean then now() end, '', '', '', '',
             false, now(), now())
     on conflict (email) where is_sso_user = false do nothing
     returning id`,
    [
      INSTANCE_ID,
      randomUUID(),
      AUDIENCE,
      user.email,
      user.passwordHash ?? '',
      JSON.stringify(user.userMetadata),
      JSON.stringify(user.appMetadata),
      user.confirmed,
    ],
  );
  return rows[0]?.id ?? null;
}

export async function insertIdentity(
  tx: Queryable,
  userId: string,
  provider: string,
  providerId: string,
  identityData: Metadata,
): Promise<void> {
  await tx.query(
    `insert into auth.identities (id, user_id, provider, provider_id, identity_data, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5::jsonb, now(), now(), now())`,
    [randomUUID(), userId, provider, providerId, JSON.stringify(identityData)],
  );
}

/** The identity GoTrue records for an email address: the user's own id is the provider id. */
export async function insertEmailIdentity(
  tx: Queryable,
  userId: string,
  email: string,
  verified: boolean,
  extra: Metadata = {},
): Promise<void> {
  await insertIdentity(tx, userId, 'email', userId, {
    ...extra,
    sub: userId,
    email,
    email_verified: verified,
    phone_verified: false,
  });
}

/** Marks the address as confirmed and spends the confirmation token. */
export async function confirmUser(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `update auth.users
        set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '', updated_at = now()
      where id = $1`,
    [userId],
  );
  await tx.query(
    `update auth.identities i
        set identity_data = i.identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
       from auth.users u
      where i.user_id = u.id and u.id = $1 and i.provider = 'email'
        and lower(i.identity_data ->> 'email') = lower(u.email)`,
    [userId],
  );
}

// GoTrue merges metadata one level deep; a null value removes the key.
const MERGE = (column: string) => `
  update auth.users
     set ${column} = (coalesce(${column}, '{}') || $2::jsonb)
                     - coalesce((select array_agg(key) from jsonb_each($2::jsonb) where jsonb_typeof(value) = 'null'), '{}'),
         updated_at = now()
   where id = $1`;

export async function mergeUserMetadata(tx: Queryable, userId: string, patch: Metadata): Promise<void> {
  await tx.query(MERGE('raw_user_meta_data'), [userId, JSON.stringify(patch)]);
}

export async function mergeAppMetadata(tx: Queryable, userId: string, patch: Metadata): Promise<void> {
  await tx.query(MERGE('raw_app_meta_data'), [userId, JSON.stringify(patch)]);
}

/** Sets app_metadata.providers (and .provider, the first) from the user's identities, oldest first. */
export async function syncProviders(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `with providers as (
       select coalesce(jsonb_agg(provider order by first_at), '[]'::jsonb) as list
         from (select provider, min(created_at) as first_at from auth.identities
                where user_id = $1 group by provider) p
     )
     update auth.users u
        set raw_app_meta_data = coalesce(u.raw_app_meta_data, '{}') || jsonb_build_object('providers', providers.list)
              || case when jsonb_array_length(providers.list) > 0
                      then jsonb_build_object('provider', providers.list -> 0) else '{}'::jsonb end,
            updated_at = now()
       from providers
      where u.id = $1`,
    [userId],
  );
}

export interface CreateUserInput {
  email: string;
  password: string;
  /** Whether the address counts as confirmed (no confirmation mail is sent either way). */
  confirmed: boolean;
  userMetadata?: Metadata;
}

/**
 * Creates an email-and-password user directly in the database, as the admin API would, and
 * returns its id. The profiles trigger creates the profile row.
 */
export async function createUser(db: Database, input: CreateUserInput): Promise<string> {
  const email = validEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const id = await insertUser(tx, {
      email,
      passwordHash,
      userMetadata: input.userMetadata ?? {},
      appMetadata: { provider: 'email', providers: ['email'] },
      confirmed: input.confirmed,
    });
    if (!id) throw new Error(`createUser: a user with the email ${email} already exists; sign in as that user or delete it first`);
    await insertEmailIdentity(tx, id, email, input.confirmed);
    return id;
  });
}
