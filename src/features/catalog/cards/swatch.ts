/**
 * A variant's swatch: the colour its name names ("Sage Green" → a sage green; the last colour word
 * wins, "Navy Blue" → navy), else the variant's own picture ("Oat", "Walnut grain"), else a neutral
 * grey.
 */
const COLOURS: Record<string, string> = {
  black: '#1f1f1f', white: '#f7f7f5', ivory: '#f4efe1', cream: '#efe6cf', beige: '#d9c8a9', sand: '#d8c3a0',
  grey: '#9aa0a6', gray: '#9aa0a6', silver: '#c0c4c8', charcoal: '#3b3f45', slate: '#5b6573',
  red: '#c8372d', crimson: '#a3162a', burgundy: '#6d1a2b', wine: '#6d1a2b', pink: '#f1a7bd', blush: '#f2c4c4', rose: '#d8737f',
  coral: '#f07f68', orange: '#ef8a2c', rust: '#b5542b', terracotta: '#c7653f', mustard: '#d9a521', yellow: '#f2cf3c', gold: '#c9a43b',
  green: '#3f8f4e', sage: '#9bb29b', olive: '#7a7b3a', forest: '#2f5d3a', mint: '#a6dcc0', teal: '#2c8c8c', emerald: '#2e8b57',
  blue: '#3a6fc4', navy: '#1f2f57', sky: '#8cc3ea', cobalt: '#2b50a8', denim: '#4f6d96', turquoise: '#3bbfb4',
  purple: '#7a4aa8', lavender: '#b9a6dc', lilac: '#c8a9d8', plum: '#6b3466',
  brown: '#7a5236', walnut: '#6b4a32', oak: '#b08653', tan: '#c9a27c', chocolate: '#4e3426', copper: '#b3672b', bronze: '#8c6a3d',
  natural: '#d6c4a5', clear: '#e8f0f2',
};
const NEUTRAL = '#c7c9cc';

/** What a swatch shows: a colour, or a picture drawn small. */
export type Swatch = { colour: string } | { picture: string };

/** The swatch of a variant (issue 13): the colour its name names, else its own picture, else neutral grey. */
export function variantSwatch(variant: { name: string; picture: string | null }): Swatch {
  const colour = namedColour(variant.name);
  if (colour) return { colour };
  const picture = variant.picture?.trim();
  return picture ? { picture } : { colour: NEUTRAL };
}

/** The last colour word in a variant name, as a colour. */
function namedColour(variantName: string): string | undefined {
  const words = variantName.toLowerCase().split(/[^a-z]+/).filter(Boolean);
  for (let i = words.length - 1; i >= 0; i -= 1) {
    const colour = COLOURS[words[i]!];
    if (colour) return colour;
  }
  return undefined;
}
