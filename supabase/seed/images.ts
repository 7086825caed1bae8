/**
 * Generated demo images: small illustrations (a soft gradient in the category colour and a simple
 * object drawn from geometric shapes), so the demo shop has pictures without shipping binary files.
 * Every image is a pure function of its seed; the same seed draws the same picture.
 *
 * They are drawn in SVG and written as WebP, the kind of file a shop's own photographs are: a
 * browser decodes a WebP picture off the page's main thread, where it parses and lays out every SVG
 * picture as a document of its own (16–26 ms each on a slow host, docs/benchmarks/pages.md). The
 * encoded files are kept in .cache/media/, so only the first seed on a machine pays for encoding.
 */
import { createHash } from 'node:crypto';
import { access, copyFile, mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Shape } from './data/items.ts';
import { seeded, type Rng } from './random.ts';

/** Where the site serves the files written into the media folder. */
export const MEDIA_URL = '/media/demo';

export interface MediaFile {
  /** Relative to the media folder, e.g. 'products/12-walnut-tray-0.webp'. */
  path: string;
  /** The picture as drawn: its width and height are the written file's, in pixels. */
  svg: string;
}

export const mediaUrl = (path: string) => `${MEDIA_URL}/${path}`;

const CACHE_DIR = fileURLToPath(new URL('../../.cache/media/', import.meta.url));
const WEBP_OPTIONS = { quality: 80 } as const;
/** Everything besides the drawing that shapes an encoded file, so a new encoder or setting misses the cache. */
const ENCODER = JSON.stringify({ vips: sharp.versions.vips, webp: WEBP_OPTIONS });

/** The drawing encoded as WebP, in the cache: encoded now unless an earlier seed already did. */
async function encoded(svg: string): Promise<string> {
  const key = createHash('sha256').update(ENCODER).update(svg).digest('hex').slice(0, 40);
  const file = join(CACHE_DIR, `${key}.webp`);
  try {
    await access(file);
  } catch {
    // Published whole with a rename, so neither a seed running beside this one nor a run killed
    // half-way leaves half a file under the name.
    const part = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    await writeFile(part, await sharp(Buffer.from(svg)).webp(WEBP_OPTIONS).toBuffer());
    await rename(part, file);
  }
  return file;
}

/** Runs `work` on every file, a few dozen at a time. */
async function eachFile(files: MediaFile[], work: (file: MediaFile) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < files.length; i += 64) await Promise.all(files.slice(i, i + 64).map(work));
}

/** Encodes every file not in the cache yet (tests do this once, before seeding side by side). */
export async function encodeMedia(files: MediaFile[]): Promise<void> {
  await mkdir(CACHE_DIR, { recursive: true });
  await eachFile(files, (f) => encoded(f.svg));
}

/** Writes the files as WebP. */
export async function writeMedia(dir: string, files: MediaFile[]): Promise<void> {
  const folders = new Set(files.map((f) => dirname(join(dir, f.path))));
  await Promise.all([...folders, CACHE_DIR].map((folder) => mkdir(folder, { recursive: true })));
  await eachFile(files, async (f) => copyFile(await encoded(f.svg), join(dir, f.path)));
}

// ---------------------------------------------------------------------------------------------
// Colours

const channels = (hex: string): [number, number, number] => {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const toHex = (rgb: number[]) =>
  `#${rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;

/** The colour t of the way from a to b. */
export const mix = (a: string, b: string, t: number): string => {
  const [x, y] = [channels(a), channels(b)];
  return toHex(x.map((c, i) => c + ((y[i] ?? c) - c) * t));
};

/** The same colour with its hue turned by a fraction of the wheel. */
const turn = (hex: string, fraction: number): string => {
  const [r, g, b] = channels(hex).map((c) => c / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  let h = d === 0 ? 0 : max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h = ((h / 6 + fraction) % 1 + 1) % 1;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h * 6) % 2) - 1));
  const m = l - c / 2;
  const sector = Math.floor(h * 6);
  const rgb = [[c, x, 0], [x, c, 0], [0, c, x], [0, x, c], [x, 0, c], [c, 0, x]][sector] ?? [c, x, 0];
  return toHex(rgb.map((v) => (v + m) * 255));
};

interface Palette {
  main: string;
  dark: string;
  light: string;
  accent: string;
}

const palette = (objectColour: string, categoryColour: string): Palette => ({
  main: objectColour,
  dark: mix(objectColour, '#1f2430', 0.35),
  light: mix(objectColour, '#ffffff', 0.45),
  accent: mix(turn(categoryColour, 0.45), '#ffffff', 0.15),
});

// ---------------------------------------------------------------------------------------------
// Objects, drawn in an 800 × 800 box standing on the line y = 620

const round = (n: number) => Math.round(n);

const OBJECTS: Record<Shape, (r: Rng, p: Palette) => string> = {
  box(r, p) {
    const w = r.int(300, 420), h = r.int(190, 280), x = 400 - w / 2, y = 620 - h;
    const ribbon = r.chance(0.5)
      ? `<rect x="382" y="${y}" width="36" height="${h}" fill="${p.accent}"/><ellipse cx="370" cy="${y - 12}" rx="34" ry="16" fill="${p.accent}"/><ellipse cx="430" cy="${y - 12}" rx="34" ry="16" fill="${p.accent}"/>`
      : `<rect x="${x}" y="${round(y + h * 0.55)}" width="${w}" height="18" fill="${p.dark}" opacity=".45"/>`;
    return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="14" fill="${p.main}"/><rect x="${x - 10}" y="${y}" width="${w + 20}" height="${round(h * 0.22)}" rx="10" fill="${p.light}"/>${ribbon}`;
  },
  bottle(r, p) {
    const w = r.int(130, 190), h = r.int(280, 360), x = 400 - w / 2, y = 620 - h, neck = round(w * 0.38);
    return `<rect x="${400 - neck / 2}" y="${y - 70}" width="${neck}" height="90" rx="10" fill="${p.main}"/><rect x="${400 - neck / 2 - 4}" y="${y - 96}" width="${neck + 8}" height="34" rx="8" fill="${p.dark}"/><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${round(w * 0.3)}" fill="${p.main}"/><rect x="${x + 14}" y="${round(y + h * 0.35)}" width="${w - 28}" height="${round(h * 0.32)}" rx="8" fill="${p.light}"/><rect x="${x + 18}" y="${y + 24}" width="14" height="${round(h * 0.6)}" rx="7" fill="#fff" opacity=".3"/>`;
  },
  jar(r, p) {
    const w = r.int(220, 300), h = r.int(190, 250), x = 400 - w / 2, y = 620 - h;
    return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="40" fill="${p.main}"/><rect x="${x - 8}" y="${y - 34}" width="${w + 16}" height="48" rx="12" fill="${p.dark}"/><rect x="${x + 30}" y="${round(y + h * 0.3)}" width="${w - 60}" height="${round(h * 0.38)}" rx="10" fill="${p.light}"/>`;
  },
  mug(r, p) {
    const w = r.int(190, 240), h = r.int(200, 250), x = 400 - w / 2 - 20, y = 620 - h;
    return `<circle cx="${x + w}" cy="${y + h / 2}" r="${round(h * 0.26)}" fill="none" stroke="${p.dark}" stroke-width="26"/><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="22" fill="${p.main}"/><rect x="${x}" y="${round(y + h * 0.2)}" width="${w}" height="20" fill="${p.light}" opacity=".8"/><path d="M${x + 60} ${y - 30} q20 -30 0 -60 M${x + 110} ${y - 30} q20 -30 0 -60" stroke="#fff" stroke-width="10" fill="none" stroke-linecap="round" opacity=".7"/>`;
  },
  orb(r, p) {
    const radius = r.int(140, 195), cy = 620 - radius;
    const band = r.chance(0.5) ? `<path d="M${400 - radius} ${cy} a${radius} ${round(radius * 0.35)} 0 0 0 ${radius * 2} 0" stroke="${p.accent}" stroke-width="22" fill="none"/>` : '';
    return `<circle cx="400" cy="${cy}" r="${radius}" fill="${p.main}"/>${band}<ellipse cx="${400 - radius * 0.35}" cy="${cy - radius * 0.4}" rx="${round(radius * 0.3)}" ry="${round(radius * 0.18)}" fill="#fff" opacity=".45"/>`;
  },
  slab(r, p) {
    const w = r.int(400, 520), h = r.int(60, 110), depth = r.int(90, 150), x = 400 - w / 2, y = 620 - h;
    const items = Array.from({ length: r.int(1, 3) }, (_, i) =>
      `<circle cx="${x + 90 + i * 110}" cy="${y - depth / 2}" r="${r.int(22, 38)}" fill="${i % 2 ? p.accent : p.dark}" opacity=".85"/>`).join('');
    return `<polygon points="${x},${y} ${x + w},${y} ${x + w - 60},${y - depth} ${x + 60},${y - depth}" fill="${p.light}"/><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="${p.main}"/>${items}`;
  },
  device(r, p) {
    const w = r.int(300, 440), h = r.int(200, 300), x = 400 - w / 2, y = 620 - h;
    return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="28" fill="${p.dark}"/><rect x="${x + 22}" y="${y + 22}" width="${w - 44}" height="${h - 70}" rx="12" fill="${p.light}"/><circle cx="${x + w / 2}" cy="${y + h - 24}" r="10" fill="${p.accent}"/><rect x="${x + 40}" y="${y + 44}" width="${round((w - 80) * 0.6)}" height="16" rx="8" fill="${p.main}"/><rect x="${x + 40}" y="${y + 74}" width="${round((w - 80) * 0.4)}" height="16" rx="8" fill="${p.main}" opacity=".6"/>`;
  },
  cylinder(r, p) {
    const w = r.int(150, 230), h = r.int(240, 340), x = 400 - w / 2, y = 620 - h;
    const stripes = Array.from({ length: r.int(1, 3) }, (_, i) =>
      `<rect x="${x}" y="${round(y + h * (0.3 + i * 0.18))}" width="${w}" height="14" fill="${p.accent}" opacity=".8"/>`).join('');
    return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${p.main}"/><ellipse cx="400" cy="620" rx="${w / 2}" ry="22" fill="${p.main}"/>${stripes}<ellipse cx="400" cy="${y}" rx="${w / 2}" ry="22" fill="${p.light}"/>`;
  },
  bag(r, p) {
    const w = r.int(280, 360), h = r.int(240, 300), x = 400 - w / 2, y = 620 - h, inset = r.int(20, 40);
    return `<path d="M${x + 70} ${y + 10} q${w / 2 - 70} -150 ${w - 140} 0" stroke="${p.dark}" stroke-width="18" fill="none"/><path d="M${x + inset} ${y} h${w - inset * 2} l${inset} ${h} h${-w} z" fill="${p.main}"/><rect x="${x + 60}" y="${round(y + h * 0.45)}" width="${w - 120}" height="${round(h * 0.32)}" rx="12" fill="${p.light}" opacity=".7"/>`;
  },
  book(r, p) {
    const colours = [p.main, p.accent, p.dark];
    let top = 620;
    return Array.from({ length: r.int(2, 3) }, (_, i) => {
      const w = r.int(300, 420), h = r.int(56, 80), x = 400 - w / 2 + r.int(-30, 30);
      top -= h;
      return `<rect x="${x}" y="${top}" width="${w}" height="${h}" rx="6" fill="${colours[i] ?? p.main}"/><rect x="${x + w - 40}" y="${top + 8}" width="12" height="${h - 16}" fill="#fff" opacity=".5"/>`;
    }).join('');
  },
  plant(r, p) {
    const leaf = mix('#4E9F6B', p.accent, 0.2);
    const count = r.int(4, 6);
    const leaves = Array.from({ length: count }, (_, i) => {
      const angle = -60 + (120 / (count - 1)) * i;
      return `<ellipse cx="400" cy="330" rx="34" ry="${r.int(90, 130)}" fill="${i % 2 ? leaf : mix(leaf, '#ffffff', 0.2)}" transform="rotate(${round(angle)} 400 440)"/>`;
    }).join('');
    return `${leaves}<path d="M290 450 h220 l-30 170 h-160 z" fill="${p.main}"/><rect x="280" y="440" width="240" height="34" rx="8" fill="${p.dark}"/>`;
  },
  tool(r, p) {
    const angle = r.int(-35, 35), length = r.int(340, 440);
    return `<g transform="rotate(${angle} 400 440)"><rect x="380" y="${440 - length / 2}" width="40" height="${length}" rx="20" fill="${p.main}"/><rect x="${400 - r.int(70, 110)}" y="${440 - length / 2 - 20}" width="${r.int(140, 220)}" height="70" rx="16" fill="${p.dark}"/><rect x="388" y="${440 + length / 6}" width="24" height="${round(length / 4)}" rx="12" fill="${p.accent}"/></g>`;
  },
  headphones(r, p) {
    const spread = r.int(130, 160);
    return `<path d="M${400 - spread} 500 v-90 a${spread} ${spread} 0 0 1 ${spread * 2} 0 v90" stroke="${p.dark}" stroke-width="30" fill="none" stroke-linecap="round"/><rect x="${400 - spread - 45}" y="460" width="90" height="150" rx="40" fill="${p.main}"/><rect x="${400 + spread - 45}" y="460" width="90" height="150" rx="40" fill="${p.main}"/><rect x="${400 - spread - 25}" y="485" width="20" height="100" rx="10" fill="${p.light}"/>`;
  },
  frame(r, p) {
    const w = r.int(300, 400), h = r.int(340, 420), x = 400 - w / 2, y = 620 - h;
    const sun = `<circle cx="${x + w * 0.7}" cy="${y + h * 0.32}" r="${r.int(26, 40)}" fill="${p.accent}"/>`;
    return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="${p.dark}"/><rect x="${x + 24}" y="${y + 24}" width="${w - 48}" height="${h - 48}" fill="${p.light}"/>${sun}<polygon points="${x + 24},${y + h - 24} ${x + w * 0.38},${y + h * 0.45} ${x + w * 0.6},${y + h * 0.7} ${x + w * 0.75},${y + h * 0.55} ${x + w - 24},${y + h - 24}" fill="${p.main}"/>`;
  },
};

/** One object, always drawn the same for the same seed, in the colour given. */
function object(seed: string, shape: Shape, objectColour: string, categoryColour: string): string {
  return OBJECTS[shape](seeded(`image:${seed}`), palette(objectColour, categoryColour));
}

const shadow = '<ellipse cx="400" cy="628" rx="230" ry="26" fill="#1f2430" opacity=".08"/>';

/** Soft circles scattered over the background. */
function confetti(r: Rng, width: number, height: number, count: number): string {
  return Array.from({ length: count }, () =>
    `<circle cx="${r.int(0, width)}" cy="${r.int(0, height)}" r="${r.int(12, Math.round(height / 6))}" fill="#fff" opacity="${(r.int(15, 35) / 100).toFixed(2)}"/>`).join('');
}

/** A drawing `width` × `height` units large, written `pixelsPerUnit` pixels a unit. */
function svg(width: number, height: number, body: string, viewBox = `0 0 ${width} ${height}`, pixelsPerUnit = 1): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width * pixelsPerUnit}" height="${height * pixelsPerUnit}" viewBox="${viewBox}">${body}</svg>`;
}

/**
 * Product pictures and category tiles are drawn 800 units square and written 600 pixels square:
 * cards show them at most about 280 px wide, and the product page's gallery at most about 580.
 */
const SQUARE_PIXELS_PER_UNIT = 0.75;
const square = (body: string, viewBox?: string) => svg(800, 800, body, viewBox, SQUARE_PIXELS_PER_UNIT);

function gradient(id: string, from: string, to: string, vertical = false): string {
  const end = vertical ? 'x2="0" y2="1"' : 'x2="1" y2="1"';
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

// ---------------------------------------------------------------------------------------------
// Pictures

export interface ProductPicture {
  seed: string;
  shape: Shape;
  colour: string;
  /** The object's own colour, for colour variants; the category colour otherwise. */
  objectColour?: string;
}

/**
 * A square 800 × 800 product photo stand-in. View 0 is the main picture; 1 to 4 are the
 * gallery's other angles: tilted, a close-up, a flat lay and a styled shelf.
 */
export function productImage(picture: ProductPicture, view = 0): string {
  const { seed, shape, colour } = picture;
  const thing = object(seed, shape, picture.objectColour ?? ownColour(seed, colour), colour);
  const r = seeded(`image:${seed}:backdrop:${view}`);
  const [from, to] = view === 3
    ? [mix(turn(colour, 0.45), '#ffffff', 0.8), mix(turn(colour, 0.45), '#ffffff', 0.6)]
    : [mix(colour, '#ffffff', 0.86), mix(colour, '#ffffff', 0.62)];
  const backdrop = `<defs>${gradient('bg', view === 1 ? to : from, view === 1 ? from : to)}</defs><rect width="800" height="800" fill="url(#bg)"/>${confetti(r, 800, 800, r.int(3, 6))}`;
  switch (view) {
    case 1:
      return square(`${backdrop}${shadow}<g transform="rotate(-8 400 440)">${thing}</g>`);
    case 2:
      return square(`${backdrop}${shadow}${thing}`, '180 220 440 440');
    case 3: {
      const corners = [[40, 40], [420, 40], [40, 420], [420, 420]];
      return square(`${backdrop}${corners.map(([x, y]) => `<g transform="translate(${x} ${y}) scale(.42)">${thing}</g>`).join('')}`);
    }
    case 4:
      return square(`${backdrop}<rect x="0" y="610" width="800" height="190" fill="${mix(colour, '#ffffff', 0.5)}"/><circle cx="660" cy="560" r="50" fill="${mix(colour, '#1f2430', 0.2)}"/><g transform="translate(60 80) scale(.85)">${thing}</g>`);
    default:
      return square(`${backdrop}${shadow}${thing}`, '70 130 660 660');
  }
}

/** A product's own shade of its category colour, so neighbours on a page do not look alike. */
function ownColour(seed: string, colour: string): string {
  const r = seeded(`image:${seed}:colour`);
  const shade = r.float(-0.25, 0.2);
  return mix(turn(colour, r.float(-0.07, 0.07)), shade < 0 ? '#1f2430' : '#ffffff', Math.abs(shade));
}

/** A row of objects on a gradient, for category tiles, banners and blog heroes. */
function scene(seed: string, colour: string, shapes: Shape[], width: number, height: number, fromX: number, pixelsPerUnit = 1): string {
  const r = seeded(`image:${seed}:scene`);
  const scale = Math.min(0.9, (height * 0.8) / 800);
  const step = (width - fromX) / Math.max(shapes.length, 1);
  const things = shapes.map((shape, i) => {
    const x = fromX + step * i + step / 2 - 400 * scale;
    const y = height - 660 * scale - height * 0.06;
    return `<g transform="translate(${round(x)} ${round(y)}) scale(${scale.toFixed(3)})">${shadow}${object(`${seed}:${i}`, shape, mix(colour, '#1f2430', 0.1 * (i % 3)), colour)}</g>`;
  }).join('');
  return svg(width, height,
    `<defs>${gradient('bg', mix(colour, '#ffffff', 0.8), mix(colour, '#ffffff', 0.45))}</defs><rect width="${width}" height="${height}" fill="url(#bg)"/>${confetti(r, width, height, r.int(5, 9))}<circle cx="${round(width * 0.18)}" cy="${round(height * 0.3)}" r="${round(height * 0.45)}" fill="#fff" opacity=".25"/>${things}`, undefined, pixelsPerUnit);
}

/** A square category tile, written as product pictures are (`square`). */
export const categoryImage = (seed: string, colour: string, shapes: Shape[]) =>
  scene(seed, colour, shapes.slice(0, 2), 800, 800, 0, SQUARE_PIXELS_PER_UNIT);

/** A wide 1600 × 500 banner and its small 800 × 400 form. */
export const bannerImage = (seed: string, colour: string, shapes: Shape[]) =>
  scene(`${seed}:banner`, colour, shapes.slice(0, 4), 1600, 500, 560);
export const smallBannerImage = (seed: string, colour: string, shapes: Shape[]) =>
  scene(`${seed}:banner-small`, colour, shapes.slice(0, 2), 800, 400, 300);

/** A 1200 × 630 blog hero, the size social cards use. */
export const blogHeroImage = (seed: string, colour: string, shapes: Shape[]) =>
  scene(seed, colour, shapes.slice(0, 3), 1200, 630, 200);

const SKIN = ['#F1C7A5', '#E0AC86', '#C68863', '#A26A4A', '#7B4B33', '#F5D5BE'];
const HAIR = ['#2B1F1A', '#4A3123', '#7A4E2D', '#B88A4E', '#1C1C1C', '#8C8C8C'];

/** A square portrait, 400 units drawn and 200 px written (shown 48 px wide): head and shoulders on a coloured disc. */
export function avatarImage(seed: string, colour: string): string {
  const r = seeded(`image:${seed}:avatar`);
  const skin = r.pick(SKIN);
  const hair = r.pick(HAIR);
  const long = r.chance(0.5);
  const hairBack = long ? `<rect x="130" y="120" width="140" height="170" rx="60" fill="${hair}"/>` : '';
  return svg(400, 400,
    `<circle cx="200" cy="200" r="200" fill="${mix(colour, '#ffffff', 0.55)}"/>${hairBack}<path d="M70 400 q0 -120 130 -120 q130 0 130 120 z" fill="${mix(colour, '#1f2430', 0.25)}"/><rect x="178" y="230" width="44" height="60" rx="18" fill="${mix(skin, '#000000', 0.08)}"/><circle cx="200" cy="180" r="70" fill="${skin}"/><path d="M130 175 q0 -85 70 -85 q70 0 70 85 q-30 -45 -70 -40 q-45 5 -70 40 z" fill="${hair}"/>`, undefined, 0.5);
}
