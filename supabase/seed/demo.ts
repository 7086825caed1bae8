/**
 * The demo catalogue: fills an empty, migrated database with a believable gift shop (categories,
 * products with pictures and price history, writers and blogs, the quiz, two accounts and three
 * months of clicks), in one transaction, as the database owner.
 *
 * Deterministic: the same `now` gives the same rows and the same pictures. Dates are relative to
 * `now`, so the 'new' badge, the click windows and the price history always have content.
 */
import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from '../local/db.ts';
import { createDemoAccounts } from './accounts.ts';
import { buildBlogs, buildWriters, type BlogRow, type WriterRow } from './blogs.ts';
import {
  buildCategories, buildProducts, platformRows, type Categories, type CategoryRow, type Gift,
  type ProductRow, type SubcategoryRow,
} from './catalogue.ts';
import { clickEventsToday, dailyClicks, type ClickEvent, type ClickGroup, type DailyClicks } from './clicks.ts';
import { QUIZ, QUIZ_QUESTIONS } from './data/quiz.ts';
import { encodeMedia, writeMedia } from './images.ts';
import { daysBefore, demoId, seeded } from './random.ts';
import { fillPriceHistory, insertRows, type Columns } from './write.ts';

export { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, DEMO_SHOPPER_EMAIL, DEMO_SHOPPER_PASSWORD } from './accounts.ts';

/** Where the pictures go by default: the site's public folder (git-ignored). */
export const DEFAULT_MEDIA_DIR = fileURLToPath(new URL('../../public/media/demo/', import.meta.url));

export const CLICK_HISTORY_DAYS = 90;
export const PRICE_SAMPLES = 30;
export const PRICE_SAMPLE_EVERY_DAYS = 3;

export interface SeedOptions {
  /** Folder the generated pictures are written to. */
  mediaDir?: string;
  /** The moment the catalogue is seeded as of; defaults to the current time. */
  now?: Date;
}

export interface DemoSummary {
  platforms: number;
  categories: number;
  subcategories: number;
  products: number;
  priceHistory: number;
  writers: number;
  blogs: number;
  quizzes: number;
  accounts: number;
  dailyClickRows: number;
  clickEvents: number;
  mediaFiles: number;
  milliseconds: number;
}

// Column types for the bulk inserts, checked against the row types.
export const CATEGORY_COLUMNS: Columns<CategoryRow> = {
  id: 'uuid', name: 'text', description: 'text', short_description: 'text', image_url: 'text',
  image_url_banner: 'text', image_url_banner_small: 'text', color: 'text', visible: 'boolean',
  type: 'text[]', gender_category: 'public.gender_category', personality: 'text', featured: 'boolean',
  created_at: 'timestamptz', updated_at: 'timestamptz',
};
export const SUBCATEGORY_COLUMNS: Columns<SubcategoryRow> = {
  id: 'uuid', category_id: 'uuid', name: 'text', description: 'text',
  gender_category: 'public.gender_category', color: 'text', created_at: 'timestamptz', updated_at: 'timestamptz',
};
export const PRODUCT_COLUMNS: Columns<ProductRow> = {
  id: 'uuid', name: 'text', description: 'text', price: 'numeric', image_url: 'text', media_urls: 'jsonb',
  variants: 'jsonb', affiliate_links: 'jsonb', category_ids: 'uuid[]', subcategory_ids: 'uuid[]',
  gender_category: 'public.gender_category', tagline: 'text', seo_title: 'text', seo_description: 'text',
  seo_keywords: 'text[]', created_at: 'timestamptz', updated_at: 'timestamptz',
};
const WRITER_COLUMNS: Columns<WriterRow> = {
  id: 'uuid', name: 'text', image_url: 'text', description: 'text', created_at: 'timestamptz', updated_at: 'timestamptz',
};
const BLOG_COLUMNS: Columns<BlogRow> = {
  id: 'uuid', title: 'text', content: 'text', excerpt: 'text', category_id: 'uuid',
  gender_category: 'public.gender_category', image_url: 'text', publish_date: 'timestamptz', writer_id: 'uuid',
  author: 'text', featured: 'boolean', created_at: 'timestamptz', updated_at: 'timestamptz',
};
export const DAILY_CLICK_COLUMNS: Columns<DailyClicks> = {
  item_id: 'uuid', click_type: 'text', day: 'date', clicks: 'bigint', affiliate_clicks: 'bigint',
  item_name: 'text', last_click_at: 'timestamptz',
};
export const CLICK_EVENT_COLUMNS: Columns<ClickEvent> = {
  item_id: 'uuid', click_type: 'text', affiliate: 'boolean', platform: 'text', item_name: 'text',
  occurred_at: 'timestamptz',
};

export async function assertNoCatalogue(tx: Queryable, what: string): Promise<void> {
  const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from public.categories');
  if ((rows[0]?.n ?? 0) > 0) {
    throw new Error(
      `${what}: the database already has a catalogue (${rows[0]?.n} categories); seed an empty, migrated ` +
      'database instead (npm run db:reset empties the local one)',
    );
  }
}

function quizRow(categories: Categories, now: Date) {
  const at = daysBefore(now, 150).toISOString();
  return {
    id: demoId('quiz', 'gift-personality'),
    title: QUIZ.title,
    description: QUIZ.description,
    category_id: categories.personality.dontNeedAnything.id,
    gender_category: 'for_both',
    questions: QUIZ_QUESTIONS.map((q, i) => ({
      id: `q${i + 1}`,
      text: q.text,
      options: q.answers.map(([text, personalities]) => ({ text, personalities })),
    })),
    created_at: at,
    updated_at: at,
  };
}

/**
 * Who gets clicked: products, categories, blogs and the quiz, each in a stable shuffled order of
 * popularity. One product of every visible product category, a few categories, a few blogs and
 * the quiz are clicked every day, so every ranking window (yesterday, last week, last month) has
 * an answer for every category page.
 */
function clickGroups(categories: Categories, gifts: Gift[], blogs: BlogRow[], quiz: { id: string; title: string }, now: Date): ClickGroup[] {
  const r = seeded('clicks:popularity');
  const settled = daysBefore(now, CLICK_HISTORY_DAYS + 5).getTime();

  const products = r.shuffle(gifts.filter((g) => !g.row.category_ids.includes(categories.hidden.id)));
  const steadyProducts = new Set<string>();
  for (const category of categories.rows.filter((c) => c.visible && c.type.includes('product'))) {
    const leader = products.find((g) => g.row.category_ids.includes(category.id) && Date.parse(g.row.created_at) < settled);
    if (leader) steadyProducts.add(leader.row.id);
  }

  const visible = r.shuffle(categories.rows.filter((c) => c.visible));
  const blogOrder = r.shuffle(blogs);
  const steadyBlogs = blogOrder.filter((b) => Date.parse(b.publish_date) < daysBefore(now, 21).getTime()).slice(0, 5);

  return [
    {
      type: 'product', top: 60, steady: steadyProducts,
      items: products.map((g) => ({
        id: g.row.id, name: g.row.name, since: new Date(g.row.created_at),
        platforms: g.row.affiliate_links.map((l) => l.platform),
      })),
    },
    {
      type: 'category', top: 30, steady: new Set(visible.slice(0, 3).map((c) => c.id)),
      items: visible.map((c) => ({ id: c.id, name: c.name, since: new Date(c.created_at) })),
    },
    {
      type: 'blog', top: 40, steady: new Set(steadyBlogs.map((b) => b.id)),
      items: blogOrder.map((b) => ({ id: b.id, name: b.title, since: new Date(b.publish_date) })),
    },
    {
      type: 'quiz', top: 25, steady: new Set([quiz.id]),
      items: [{ id: quiz.id, name: quiz.title, since: daysBefore(now, 150) }],
    },
  ];
}

/** The demo's catalogue as of `now`, with the pictures it shows. */
function buildDemo(now: Date) {
  const categories = buildCategories(now);
  const products = buildProducts(categories, now);
  const writers = buildWriters(now);
  const blogs = buildBlogs(categories, products.gifts, writers.rows, now);
  const files = [...categories.files, ...products.files, ...writers.files, ...blogs.files];
  return { categories, products, writers, blogs, files };
}

/** Encodes the demo's pictures into the cache, so seeds that run side by side later find them there. */
export async function encodeDemoMedia(now = new Date()): Promise<void> {
  await encodeMedia(buildDemo(now).files);
}

export async function seedDemo(db: Database, options: SeedOptions = {}): Promise<DemoSummary> {
  const started = performance.now();
  const now = options.now ?? new Date();

  const { categories, products, writers, blogs, files } = buildDemo(now);
  const quiz = quizRow(categories, now);
  const groups = clickGroups(categories, products.gifts, blogs.rows, quiz, now);
  const daily = dailyClicks(groups, now, CLICK_HISTORY_DAYS);
  const events = clickEventsToday(groups, daily, now);
  const shopperLikes = seeded('accounts:likes')
    .sample(products.gifts.filter((g) => g.personality !== null), 5)
    .map((g) => g.row.id);

  await writeMedia(options.mediaDir ?? DEFAULT_MEDIA_DIR, files);

  return db.transaction(async (tx) => {
    await assertNoCatalogue(tx, 'seedDemo');
    const platforms = await insertRows(tx, 'public.platforms', { id: 'uuid', name: 'text' }, platformRows());
    await insertRows(tx, 'public.categories', CATEGORY_COLUMNS, categories.rows);
    await insertRows(tx, 'public.subcategories', SUBCATEGORY_COLUMNS, categories.subcategories);
    await insertRows(tx, 'public.products', PRODUCT_COLUMNS, products.gifts.map((g) => g.row), 1000);
    const priceHistory = await fillPriceHistory(tx, now, { samples: PRICE_SAMPLES, everyDays: PRICE_SAMPLE_EVERY_DAYS });
    await insertRows(tx, 'public.writers', WRITER_COLUMNS, writers.rows);
    await insertRows(tx, 'public.blogs', BLOG_COLUMNS, blogs.rows);
    await tx.query(
      `insert into public.quizzes (id, title, description, category_id, gender_category, questions, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7, $7)`,
      [quiz.id, quiz.title, quiz.description, quiz.category_id, quiz.gender_category, JSON.stringify(quiz.questions), quiz.created_at],
    );
    const accounts = await createDemoAccounts(tx, shopperLikes, now);
    await insertRows(tx, 'public.clicks_daily', DAILY_CLICK_COLUMNS, daily);
    await insertRows(tx, 'public.click_events', CLICK_EVENT_COLUMNS, events);
    return {
      platforms,
      categories: categories.rows.length,
      subcategories: categories.subcategories.length,
      products: products.gifts.length,
      priceHistory,
      writers: writers.rows.length,
      blogs: blogs.rows.length,
      quizzes: 1,
      accounts,
      dailyClickRows: daily.length,
      clickEvents: events.length,
      mediaFiles: files.length,
      milliseconds: Math.round(performance.now() - started),
    };
  });
}
