/**
 * The demo's accounts: an admin for the admin area and a shopper with a few liked products. They
 * are written straight into the auth schema as GoTrue would store an email sign-up (confirmed,
 * with an email identity), inside the seed's transaction, with stable ids.
 */
import type { Queryable } from '../local/db.ts';
import { hashPassword } from '../local/auth/passwords.ts';
import { INSTANCE_ID } from '../local/auth/users.ts';
import { demoId } from './random.ts';

export const DEMO_ADMIN_EMAIL = 'admin@giftshop.local';
export const DEMO_ADMIN_PASSWORD = 'giftshop-admin';
export const DEMO_SHOPPER_EMAIL = 'shopper@giftshop.local';
export const DEMO_SHOPPER_PASSWORD = 'giftshop-shopper';

interface DemoAccount {
  key: string;
  email: string;
  password: string;
  fullName: string;
  admin: boolean;
  likes: string[];
}

async function createAccount(tx: Queryable, account: DemoAccount, now: Date): Promise<string> {
  const id = demoId('user', account.key);
  const at = now.toISOString();
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_token,
                             recovery_token, email_change_token_new, email_change, raw_app_meta_data, raw_user_meta_data,
                             is_super_admin, created_at, updated_at)
     values ($1, $2, 'authenticated', 'authenticated', $3, $4, $5, '', '', '', '',
             '{"provider":"email","providers":["email"]}', $6::jsonb, false, $5, $5)`,
    [INSTANCE_ID, id, account.email, await hashPassword(account.password), at, JSON.stringify({ full_name: account.fullName })],
  );
  await tx.query(
    `insert into auth.identities (id, user_id, provider, provider_id, identity_data, created_at, updated_at)
     values ($1, $2::uuid, 'email', $2::text, $3::jsonb, $4, $4)`,
    [
      demoId('identity', account.key), id,
      JSON.stringify({ sub: id, email: account.email, email_verified: true, phone_verified: false }), at,
    ],
  );
  // The profile row comes from the sign-up trigger; only the service side may make an admin.
  if (account.admin) await tx.query('update public.profiles set is_admin = true where id = $1', [id]);
  if (account.likes.length > 0) {
    await tx.query(
      `insert into public.liked_products (user_id, product_id)
       values ($1, array(select jsonb_array_elements_text($2::jsonb)::uuid))`,
      [id, JSON.stringify(account.likes)],
    );
  }
  return id;
}

/** Creates the admin and the shopper; the shopper likes the given products. */
export async function createDemoAccounts(tx: Queryable, shopperLikes: string[], now: Date): Promise<number> {
  const accounts: DemoAccount[] = [
    { key: 'admin', email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD, fullName: 'Demo Admin', admin: true, likes: [] },
    { key: 'shopper', email: DEMO_SHOPPER_EMAIL, password: DEMO_SHOPPER_PASSWORD, fullName: 'Sam Shopper', admin: false, likes: shopperLikes },
  ];
  for (const account of accounts) await createAccount(tx, account, now);
  return accounts.length;
}
