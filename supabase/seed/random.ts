/**
 * Deterministic randomness for the demo catalogue: every entity draws from its own generator,
 * seeded by a name ('product:42'), so the same input always yields the same catalogue and adding
 * one blog does not reshuffle every product after it. Also the stable ids, slugs and day
 * arithmetic the generators share.
 */
import { createHash } from 'node:crypto';

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  float(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** n distinct items in random order (all of them when there are fewer). */
  sample<T>(items: readonly T[], n: number): T[];
  shuffle<T>(items: readonly T[]): T[];
  /** An index drawn in proportion to the weights. */
  weighted(weights: readonly number[]): number;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** A small fast generator (sfc32) seeded from a hash of the name. */
export function seeded(name: string): Rng {
  const seed = digest(`giftshop-demo:rng:${name}`);
  let a = seed.readUInt32LE(0);
  let b = seed.readUInt32LE(4);
  let c = seed.readUInt32LE(8);
  let d = seed.readUInt32LE(12);
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  const at = <T>(items: readonly T[], index: number): T => {
    if (index < 0 || index >= items.length) throw new RangeError(`no item at ${index} of ${items.length}`);
    return items[index] as T;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [at(copy, j), at(copy, i)];
    }
    return copy;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick: (items) => at(items, Math.floor(next() * items.length)),
    sample: (items, n) => shuffle(items).slice(0, n),
    shuffle,
    weighted(weights) {
      let roll = next() * weights.reduce((sum, w) => sum + w, 0);
      for (let i = 0; i < weights.length; i++) {
        roll -= at(weights, i);
        if (roll < 0) return i;
      }
      return weights.length - 1;
    },
  };
}

/**
 * A stable UUID for a seeded entity, from a hash of its name: demoId('product', 42) is the same
 * on every machine and every run. Formatted as an RFC 9562 version 8 (custom) UUID.
 */
export function demoId(kind: string, key: string | number, namespace = 'giftshop-demo'): string {
  const hex = digest(`${namespace}:${kind}:${key}`).toString('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** 'Walnut Cable Organizer Tray' → 'walnut-cable-organizer-tray'. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const DAY_MS = 86_400_000;

export const daysBefore = (now: Date, days: number): Date => new Date(now.getTime() - days * DAY_MS);

/** The UTC calendar day of a moment, as 'YYYY-MM-DD'. */
export const utcDay = (moment: Date): string => moment.toISOString().slice(0, 10);
