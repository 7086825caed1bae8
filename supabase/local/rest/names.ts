/**
 * Names: how an identifier is written into SQL, and which known name an unknown one most likely
 * meant (for PostgREST's "Perhaps you meant …" hints).
 */
import { EXPOSED_SCHEMA } from './schema.ts';

/** A double-quoted SQL identifier. */
export function quoteIdent(name: string): string {
  // Postgres identifiers cannot hold NUL; PostgREST cuts the name there too.
  const clean = name.split('\0')[0] ?? '';
  return `"${clean.replace(/"/g, '""')}"`;
}

/** A relation of the exposed schema, schema-qualified. */
export function qualifiedName(relation: string): string {
  return `${quoteIdent(EXPOSED_SCHEMA)}.${quoteIdent(relation)}`;
}

/** How similar two names are, 0..1, by shared letter pairs (enough for "did you mean" hints). */
export function similarity(a: string, b: string): number {
  const pairs = (s: string) => {
    const text = ` ${s.toLowerCase()} `;
    const list: string[] = [];
    for (let i = 0; i < text.length - 1; i++) list.push(text.slice(i, i + 2));
    return list;
  };
  const left = pairs(a);
  const pool = pairs(b);
  const total = left.length + pool.length;
  let shared = 0;
  for (const pair of left) {
    const at = pool.indexOf(pair);
    if (at >= 0) {
      shared++;
      pool.splice(at, 1);
    }
  }
  return (2 * shared) / total;
}

/** The candidate most similar to `name`, if any is more similar than `threshold`. */
export function closestName(name: string, candidates: Iterable<string>, threshold = 0.5): string | undefined {
  let best: string | undefined;
  let bestScore = threshold;
  for (const candidate of candidates) {
    const score = similarity(name, candidate);
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}
