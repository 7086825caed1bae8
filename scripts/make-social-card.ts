/**
 * Draws the default social card (public/social-card.png, 1200×630) that SeoHead.astro names as
 * og:image for pages without a picture of their own. Run once after a brand change and commit
 * the PNG:
 *
 *   node scripts/make-social-card.ts
 *
 * The colours are read from the @theme tokens in src/styles/global.css so the card follows the
 * site; the text is set in Liberation Sans (or the nearest sans-serif font installed).
 */
import { readFile, stat } from 'node:fs/promises';
import sharp from 'sharp';
import { BRAND, SOCIAL_IMAGE } from '../src/features/seo/site.ts';

const TAGLINE = 'Gifts for every personality';
const SUBLINE = 'Gift ideas for him, for her and for both';
const root = new URL('../', import.meta.url);
const output = new URL('public/social-card.png', root);

async function themeColours(): Promise<Record<string, string>> {
  const css = await readFile(new URL('src/styles/global.css', root), 'utf8');
  const colours = Object.fromEntries([...css.matchAll(/--color-([\w-]+):\s*(#[0-9a-f]{3,8})\s*;/gi)].map((m) => [m[1]!, m[2]!]));
  for (const name of ['brand-50', 'brand-100', 'brand-500', 'brand-600', 'ink', 'muted']) {
    if (!colours[name]) throw new Error(`src/styles/global.css has no --color-${name} hex value; the social card needs it.`);
  }
  return colours;
}

function cardSvg(c: Record<string, string>): string {
  const { width, height } = SOCIAL_IMAGE;
  const font = `font-family="Liberation Sans, Arial, Helvetica, DejaVu Sans, sans-serif"`;
  // The favicon's gift box, scaled from its 64-unit grid.
  const giftBox = `
    <g transform="translate(96 198) scale(3.5)">
      <rect width="64" height="64" rx="14" fill="${c['brand-500']}"/>
      <path d="M14 30h36v22H14z" fill="#fff"/>
      <path d="M10 22h44v10H10z" fill="${c['brand-100']}"/>
      <path d="M30 22h4v30h-4z" fill="${c['brand-500']}"/>
      <path d="M32 22c-6-10-16-8-12-2 2 3 8 2 12 2zm0 0c6-10 16-8 12-2-2 3-8 2-12 2z" fill="#fff"/>
    </g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    <rect width="${width}" height="${height}" fill="${c['brand-50']}"/>
    <circle cx="1080" cy="90" r="260" fill="${c['brand-100']}"/>
    <circle cx="1150" cy="560" r="150" fill="${c['brand-100']}"/>
    <circle cx="900" cy="515" r="36" fill="${c['brand-500']}" opacity="0.18"/>
    ${giftBox}
    <text x="380" y="272" ${font} font-size="112" font-weight="700" fill="${c['brand-600']}" letter-spacing="-3">${BRAND}</text>
    <text x="384" y="360" ${font} font-size="54" font-weight="700" fill="${c.ink}">${TAGLINE}</text>
    <text x="386" y="424" ${font} font-size="32" fill="${c.muted}">${SUBLINE}</text>
    <rect y="${height - 24}" width="${width}" height="24" fill="${c['brand-500']}"/>
  </svg>`;
}

const svg = cardSvg(await themeColours());
await sharp(Buffer.from(svg)).png({ palette: true, quality: 90, compressionLevel: 9 }).toFile(output.pathname);
const { size } = await stat(output);
console.log(`Wrote ${output.pathname} (${SOCIAL_IMAGE.width}×${SOCIAL_IMAGE.height}, ${(size / 1024).toFixed(1)} KB)`);
if (size > 100 * 1024) throw new Error('The social card is over 100 KB; simplify the drawing (fewer gradients) so it loads fast when shared.');
