/**
 * Fixtures for the database tests: rows inserted as the owner (row-level security does not apply
 * to it), the callers a request can run as, and helpers to run SQL as one of them.
 *
 * Callers carry the JWT claims the API would set (`{ role, sub, email, aud }`), so auth.uid() and
 * the policies see exactly what they see behind PostgREST.
 */
import { randomUUID } from 'node:crypto';
import type { Database, Queryable, RequestAuth, Row } from '../../supabase/local/db.ts';

export type Gender = 'for_him' | 'for_her' | 'for_both';
export type CallerName = 'anon' | 'user' | 'other' | 'admin' | 'service';

export interface Caller {
  name: CallerName;
  auth: RequestAuth;
  /** The auth user behind the caller; null for anon and the service role. */
  id: string | null;
  email: string | null;
}

export const anonAuth: RequestAuth = { role: 'anon', claims: { role: 'anon' } };
export const serviceAuth: RequestAuth = { role: 'service_role', claims: { role: 'service_role' } };

export function userAuth(id: string, email: string): RequestAuth {
  return { role: 'authenticated', claims: { role: 'authenticated', aud: 'authenticated', sub: id, email } };
}

let sequence = 0;
/** A name no other fixture in this process uses: `unique('Lamp')` → 'Lamp 7'. */
export const unique = (prefix: string): string => `${prefix} ${++sequence}`;

async function insertRow<R extends Row>(db: Queryable, table: string, values: Record<string, unknown>): Promise<R> {
  const columns = Object.keys(values).filter((c) => values[c] !== undefined);
  const placeholders = columns.map((_, i) => `$${i + 1}`);
  const { rows } = await db.query<R>(
    `insert into ${table} (${columns.join(', ')}) values (${placeholders.join(', ')}) returning *`,
    columns.map((c) => values[c]),
  );
  const row = rows[0];
  if (!row) throw new Error(`fixtures: insert into ${table} returned no row`);
  return row;
}

const json = (value: unknown): string | undefined => (value === undefined ? undefined : JSON.stringify(value));

// ---------------------------------------------------------------------------------------------
// Users and callers
// ---------------------------------------------------------------------------------------------

export interface TestUser {
  id: string;
  email: string;
  auth: RequestAuth;
}

/** An auth user (its profile is made by the signup trigger); `admin` flips profiles.is_admin. */
export async function createUser(
  db: Queryable,
  options: { email?: string; fullName?: string; avatarUrl?: string; admin?: boolean } = {},
): Promise<TestUser> {
  const email = options.email ?? `${unique('user').replace(' ', '')}@example.com`;
  const meta: Record<string, string> = {};
  if (options.fullName !== undefined) meta.full_name = options.fullName;
  if (options.avatarUrl !== undefined) meta.avatar_url = options.avatarUrl;
  // The auth server supplies user ids: auth.users has no default for them, as on hosted Supabase.
  const user = await insertRow<{ id: string }>(db, 'auth.users', {
    id: randomUUID(),
    email,
    raw_user_meta_data: JSON.stringify(meta),
    email_confirmed_at: new Date().toISOString(),
  });
  if (options.admin) await db.query('update public.profiles set is_admin = true where id = $1', [user.id]);
  return { id: user.id, email, auth: userAuth(user.id, email) };
}

export type Callers = Record<CallerName, Caller>;

/** The five callers of the access rules: anon, a user, another user, an admin, the service role. */
export async function createCallers(db: Queryable): Promise<Callers> {
  const asCaller = (name: CallerName, u: TestUser): Caller => ({ name, auth: u.auth, id: u.id, email: u.email });
  const user = await createUser(db, { email: 'user@example.com', fullName: 'Una User' });
  const other = await createUser(db, { email: 'other@example.com', fullName: 'Otto Other' });
  const admin = await createUser(db, { email: 'admin@example.com', fullName: 'Ada Admin', admin: true });
  return {
    anon: { name: 'anon', auth: anonAuth, id: null, email: null },
    user: asCaller('user', user),
    other: asCaller('other', other),
    admin: asCaller('admin', admin),
    service: { name: 'service', auth: serviceAuth, id: null, email: null },
  };
}

export const CALLER_NAMES: readonly CallerName[] = ['anon', 'user', 'other', 'admin', 'service'];

// ---------------------------------------------------------------------------------------------
// Catalogue and content
// ---------------------------------------------------------------------------------------------

export interface CategoryRow extends Row {
  id: string;
  name: string;
  color: string;
  visible: boolean;
  type: string[];
  updated_at: Date;
}

export async function createCategory(
  db: Queryable,
  values: {
    name?: string;
    description?: string;
    short_description?: string;
    visible?: boolean;
    type?: string[];
    gender_category?: Gender;
    color?: string;
    image_url?: string;
    personality?: string;
    featured?: boolean;
  } = {},
): Promise<CategoryRow> {
  return insertRow<CategoryRow>(db, 'public.categories', { ...values, name: values.name ?? unique('Category') });
}

export interface SubcategoryRow extends Row {
  id: string;
  category_id: string;
  name: string;
}

export async function createSubcategory(
  db: Queryable,
  values: { category_id: string; name?: string; description?: string; gender_category?: Gender },
): Promise<SubcategoryRow> {
  return insertRow<SubcategoryRow>(db, 'public.subcategories', { ...values, name: values.name ?? unique('Subcategory') });
}

export interface ProductRow extends Row {
  id: string;
  name: string;
  price: string;
  category_ids: string[];
  subcategory_ids: string[];
  gender_category: Gender;
  created_at: Date;
  updated_at: Date;
}

export interface ProductValues {
  name?: string;
  description?: string;
  price?: number | string;
  image_url?: string;
  media_urls?: unknown;
  variants?: unknown;
  affiliate_links?: unknown;
  category_ids?: string[];
  subcategory_ids?: string[];
  gender_category?: Gender;
  tagline?: string;
  seo_title?: string;
  seo_description?: string;
  seo_keywords?: string[];
  created_at?: string;
}

export async function createProduct(db: Queryable, values: ProductValues = {}): Promise<ProductRow> {
  return insertRow<ProductRow>(db, 'public.products', {
    ...values,
    name: values.name ?? unique('Product'),
    price: values.price ?? 25,
    image_url: values.image_url ?? 'https://img.example.com/product.jpg',
    media_urls: json(values.media_urls),
    variants: json(values.variants),
    affiliate_links: json(values.affiliate_links),
  });
}

export interface WriterRow extends Row {
  id: string;
  name: string;
}

export async function createWriter(db: Queryable, values: { name?: string; description?: string } = {}): Promise<WriterRow> {
  return insertRow<WriterRow>(db, 'public.writers', { ...values, name: values.name ?? unique('Writer') });
}

export interface BlogRow extends Row {
  id: string;
  title: string;
  category_id: string | null;
  products_id: string[];
  created_at: Date;
  updated_at: Date;
}

export async function createBlog(
  db: Queryable,
  values: {
    title?: string;
    content?: string;
    excerpt?: string;
    category_id?: string;
    gender_category?: Gender;
    writer_id?: string;
    featured?: boolean;
    created_at?: string;
  } = {},
): Promise<BlogRow> {
  return insertRow<BlogRow>(db, 'public.blogs', { ...values, title: values.title ?? unique('Blog') });
}

export interface QuizRow extends Row {
  id: string;
  title: string;
}

export const SAMPLE_QUESTIONS = [
  {
    id: 'q1',
    text: 'What does a perfect Saturday look like?',
    options: [
      { text: 'A long run', personalities: ['personalFitness', 'sportsCentral'] },
      { text: 'A new game', personalities: ['gameMode', 'techSavvy'] },
    ],
  },
];

export async function createQuiz(
  db: Queryable,
  values: { title?: string; description?: string; category_id?: string; gender_category?: Gender; questions?: unknown } = {},
): Promise<QuizRow> {
  return insertRow<QuizRow>(db, 'public.quizzes', {
    ...values,
    title: values.title ?? unique('Quiz'),
    description: values.description ?? 'Find the gift',
    questions: JSON.stringify(values.questions ?? SAMPLE_QUESTIONS),
  });
}

export async function createPlatform(db: Queryable, name = unique('Platform')): Promise<{ id: string; name: string }> {
  return insertRow<{ id: string; name: string }>(db, 'public.platforms', { name });
}

export async function addPrice(
  db: Queryable,
  values: { product_id: string; platform: string; price: number; scraped_at?: string },
): Promise<void> {
  await insertRow(db, 'public.price_history', values);
}

// ---------------------------------------------------------------------------------------------
// Clicks, written directly as the owner so their moments can be fixed
// ---------------------------------------------------------------------------------------------

export type ClickType = 'product' | 'category' | 'blog' | 'quiz';

/** `count` raw click events (not yet rolled up) at one moment. */
export async function addClickEvents(
  db: Queryable,
  values: { item_id: string; click_type?: ClickType; at: string; count?: number; affiliate?: boolean; item_name?: string },
): Promise<void> {
  await db.query(
    `insert into public.click_events (item_id, click_type, affiliate, item_name, occurred_at)
     select $1, $2, $3, $4, $5 from generate_series(1, $6::int)`,
    [values.item_id, values.click_type ?? 'product', values.affiliate ?? false, values.item_name ?? null, values.at, values.count ?? 1],
  );
}

/** One rolled-up day of clicks for an item. */
export async function addClicksDaily(
  db: Queryable,
  values: { item_id: string; click_type?: ClickType; day: string; clicks?: number; affiliate_clicks?: number; item_name?: string | null },
): Promise<void> {
  await db.query(
    `insert into public.clicks_daily (item_id, click_type, day, clicks, affiliate_clicks, item_name, last_click_at)
     values ($1, $2, $3::date, $4, $5, $6, $3::date + time '12:00')`,
    [values.item_id, values.click_type ?? 'product', values.day, values.clicks ?? 0, values.affiliate_clicks ?? 0, values.item_name ?? null],
  );
}

// ---------------------------------------------------------------------------------------------
// Running SQL as a caller
// ---------------------------------------------------------------------------------------------

/** What a statement did when a caller ran it: its rows, or the error it was refused with. */
export type Outcome<R extends Row = Row> =
  | { ok: true; rows: R[]; affectedRows: number }
  | { ok: false; code: string; message: string };

class Rollback extends Error {
  readonly rows: Row[];
  readonly affectedRows: number;
  constructor(rows: Row[], affectedRows: number) {
    super('rolled back on purpose');
    this.rows = rows;
    this.affectedRows = affectedRows;
  }
}

const errorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

/**
 * Runs one statement as `auth` (the owner when undefined) and rolls everything back, so a
 * matrix of attempts leaves the fixtures as they were. `setup` runs first, as the owner.
 */
export async function attempt<R extends Row = Row>(
  db: Database,
  auth: RequestAuth | undefined,
  sql: string,
  params: unknown[] = [],
  setup?: string,
): Promise<Outcome<R>> {
  try {
    await db.transaction(async (tx) => {
      if (setup) await tx.exec(setup);
      if (auth) {
        await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
          auth.role,
          JSON.stringify(auth.claims),
        ]);
      }
      const result = await tx.query(sql, params);
      throw new Rollback(result.rows, result.affectedRows);
    });
  } catch (error) {
    if (error instanceof Rollback) return { ok: true, rows: error.rows as R[], affectedRows: error.affectedRows };
    const code = errorCode(error);
    if (code) return { ok: false, code, message: (error as Error).message };
    throw error;
  }
  throw new Error('attempt: the transaction neither committed nor rolled back');
}

/** Runs `sql` as `auth` and commits; throws what the database throws. */
export async function runAs<R extends Row = Row>(
  db: Database,
  auth: RequestAuth | undefined,
  sql: string,
  params: unknown[] = [],
): Promise<R[]> {
  return db.transaction(async (tx) => (await tx.query<R>(sql, params)).rows, auth);
}

/** The SQLSTATE and message a statement run as `auth` fails with; fails the test if it succeeds. */
export async function refusal(
  db: Database,
  auth: RequestAuth | undefined,
  sql: string,
  params: unknown[] = [],
): Promise<{ code: string; message: string }> {
  const outcome = await attempt(db, auth, sql, params);
  if (outcome.ok) throw new Error(`expected the statement to be refused, but it succeeded: ${sql}`);
  return { code: outcome.code, message: outcome.message };
}
