/**
 * The benchmark catalogue: adds N products (10,000 or 100,000) on top of the demo, or on their
 * own with just the categories, so search, filters and rankings can be measured at size. Names
 * and descriptions come from the same vocabularies as the demo (with a maker's name in front, so
 * they are not all alike); pictures come from a small shared pool rather than one set each.
 */
import type { Database, Queryable } from '../local/db.ts';
import { buildCategories, createdAt, describeProduct, platformRows, type Categories, type ProductRow } from './catalogue.ts';
import { dailyClicks, type Clickable } from './clicks.ts';
import { ITEMS } from './data/items.ts';
import { PERSONALITIES, PERSONALITY_KEYS, type PersonalityKey } from './data/personalities.ts';
import { BRANDS } from './data/shop.ts';
import {
  CATEGORY_COLUMNS, CLICK_HISTORY_DAYS, DAILY_CLICK_COLUMNS, DEFAULT_MEDIA_DIR, PRODUCT_COLUMNS, SUBCATEGORY_COLUMNS,
} from './demo.ts';
import { mediaUrl, productImage, writeMedia, type MediaFile } from './images.ts';
import { demoId, seeded } from './random.ts';
import { fillPriceHistory, insertRows } from './write.ts';

/** Pictures per personality in the shared pool. */
const POOL_SIZE = 6;
const BATCH = 5000;

export interface ScaleOptions {
  products: number;
  mediaDir?: string;
  now?: Date;
}

export interface ScaleSummary {
  products: number;
  priceHistory: number;
  dailyClickRows: number;
  mediaFiles: number;
  milliseconds: number;
}

function picturePool(categories: Categories): { files: MediaFile[]; urls: Record<PersonalityKey, string[]> } {
  const files: MediaFile[] = [];
  const urls = {} as Record<PersonalityKey, string[]>;
  for (const key of PERSONALITY_KEYS) {
    urls[key] = Array.from({ length: POOL_SIZE }, (_, n) => {
      const kind = ITEMS[key][n % ITEMS[key].length]!;
      const path = `scale/${key}-${n}.webp`;
      files.push({ path, svg: productImage({ seed: `scale:${key}:${n}`, shape: kind.shape, colour: categories.personality[key].color }) });
      return mediaUrl(path);
    });
  }
  return { files, urls };
}

/** Uses the demo's categories when they are there, or adds them (and the retailers) when the database is empty. */
async function ensureCategories(tx: Queryable, categories: Categories): Promise<void> {
  const ours = categories.rows.map((c) => c.id);
  const { rows } = await tx.query<{ total: number; ours: number }>(
    `select count(*)::int as total, count(*) filter (where id in (select jsonb_array_elements_text($1::jsonb)::uuid))::int as ours
       from public.categories`,
    [JSON.stringify(ours)],
  );
  const { total = 0, ours: found = 0 } = rows[0] ?? {};
  if (found === ours.length) return;
  if (total > 0) {
    throw new Error(
      `seedScale: the database has ${total} categories but not the demo's; seed it with seedDemo first, or start from an empty database`,
    );
  }
  await insertRows(tx, 'public.platforms', { id: 'uuid', name: 'text' }, platformRows());
  await insertRows(tx, 'public.categories', CATEGORY_COLUMNS, categories.rows);
  await insertRows(tx, 'public.subcategories', SUBCATEGORY_COLUMNS, categories.subcategories);
}

function scaleProduct(index: number, categories: Categories, pool: Record<PersonalityKey, string[]>, now: Date): ProductRow {
  const r = seeded(`scale:product:${index}`);
  const key = r.pick(PERSONALITY_KEYS);
  const kind = r.pick(ITEMS[key]);
  const text = describeProduct(r, key, kind, r.pick(kind.mods), r.pick(BRANDS));
  const related = r.chance(0.3) ? categories.personality[r.pick(PERSONALITIES[key].related)] : null;
  const [main, ...others] = r.shuffle(pool[key]);
  const subs = Array.isArray(kind.sub) ? kind.sub : [kind.sub];
  const created = createdAt(r, now).toISOString();
  return {
    id: demoId('product', index, 'giftshop-scale'),
    name: text.name,
    description: text.description,
    price: text.price,
    image_url: main!,
    media_urls: others.slice(0, 3).map((url) => ({ type: 'image' as const, url })),
    variants: [],
    affiliate_links: text.affiliate_links,
    category_ids: related ? [categories.personality[key].id, related.id] : [categories.personality[key].id],
    subcategory_ids: subs.map((i) => categories.subcategoryIds[key][i]).filter((id): id is string => id !== undefined),
    gender_category: text.gender,
    tagline: text.tagline,
    seo_title: text.seo_title,
    seo_description: text.seo_description,
    seo_keywords: text.seo_keywords,
    created_at: created,
    updated_at: created,
  };
}

export async function seedScale(db: Database, options: ScaleOptions): Promise<ScaleSummary> {
  const started = performance.now();
  const now = options.now ?? new Date();
  if (!Number.isInteger(options.products) || options.products < 1) {
    throw new Error(`seedScale: products must be a whole number above 0, not ${options.products}`);
  }
  const categories = buildCategories(now);
  const pool = picturePool(categories);
  await writeMedia(options.mediaDir ?? DEFAULT_MEDIA_DIR, [...categories.files, ...pool.files]);

  return db.transaction(async (tx) => {
    await ensureCategories(tx, categories);
    // Numbered after the products already there, so a second run adds rather than collides.
    const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from public.products');
    const first = rows[0]?.n ?? 0;
    const clickables: Clickable[] = [];
    for (let start = first; start < first + options.products; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, first + options.products - start) }, (_, i) =>
        scaleProduct(start + i, categories, pool.urls, now));
      await insertRows(tx, 'public.products', PRODUCT_COLUMNS, batch, BATCH);
      for (const p of batch) {
        clickables.push({ id: p.id, name: p.name, since: new Date(p.created_at), platforms: p.affiliate_links.map((l) => l.platform) });
      }
    }
    const priceHistory = await fillPriceHistory(tx, now, { samples: 4, everyDays: 28 });
    const daily = dailyClicks(
      [{ type: 'product', top: 40, items: seeded('scale:clicks').shuffle(clickables) }], now, CLICK_HISTORY_DAYS,
    );
    await insertRows(tx, 'public.clicks_daily', DAILY_CLICK_COLUMNS, daily);
    return {
      products: options.products,
      priceHistory,
      dailyClickRows: daily.length,
      mediaFiles: categories.files.length + pool.files.length,
      milliseconds: Math.round(performance.now() - started),
    };
  });
}
