/**
 * Whether concurrent calls on one shopper's wishlist behaved as if they ran one at a time.
 *
 * Every like, unlike and merge answers with the whole list after it, and the database changes the
 * one wishlist row under its lock, so the calls took effect in some serial order. This finds one:
 * an order of all the calls that keeps their real-time order (a call that answered before another
 * was sent comes first) and in which each call, applied to the list the previous one left, gives
 * exactly the list it answered with. If there is one, the final list is that order's last list.
 * If the database had lost an update or interleaved two, no such order would exist.
 */

export type LikeCall =
  | { kind: 'like'; product: string }
  | { kind: 'unlike'; product: string }
  | { kind: 'merge'; products: string[] };

export interface ObservedCall {
  call: LikeCall;
  /** When it was sent and when its answer arrived (ms on one clock). */
  sent: number;
  answered: number;
  /** The list it answered with. */
  list: readonly string[];
}

/** The list after one call, as the likes migration defines it (products all exist here). */
export function applyCall(list: readonly string[], call: LikeCall): string[] {
  switch (call.kind) {
    case 'like':
      return list.includes(call.product) ? [...list] : [...list, call.product];
    case 'unlike':
      return list.filter((id) => id !== call.product);
    case 'merge': {
      // The guest's ids in their first-seen order, after the existing likes, without duplicates.
      const added = [...new Set(call.products)].filter((id) => !list.includes(id));
      return [...list, ...added];
    }
  }
}

export type SerialVerdict =
  | { found: true; order: number[]; final: string[] }
  | { found: false; reason: 'no serial order' | 'search budget exhausted'; explored: number };

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * A serial order of `calls` (indexes into it) explaining every answer, starting from `initial`;
 * a depth-first search that backtracks, within `budget` steps.
 */
export function findSerialOrder(calls: readonly ObservedCall[], initial: readonly string[] = [], budget = 1_000_000): SerialVerdict {
  const n = calls.length;
  // before[i]: how many calls answered before call i was sent (they must all come first).
  const mustFollow: number[][] = calls.map(() => []);
  const before = calls.map(() => 0);
  calls.forEach((a, i) =>
    calls.forEach((b, j) => {
      if (i !== j && a.answered < b.sent) {
        mustFollow[i]!.push(j);
        before[j]! += 1;
      }
    }),
  );
  // Trying the earliest answers first finds the order at once when the calls hardly overlap.
  const byAnswer = calls.map((_, i) => i).sort((i, j) => calls[i]!.answered - calls[j]!.answered);

  const placed = new Uint8Array(n);
  const order: number[] = [];
  const deadEnds = new Set<string>();
  let explored = 0;

  const search = (list: readonly string[]): boolean => {
    if (order.length === n) return true;
    const key = `${placed.join('')}|${list.join(',')}`;
    if (deadEnds.has(key)) return false;
    for (const i of byAnswer) {
      if (placed[i] || before[i]! > 0) continue;
      if (++explored > budget) return false;
      const next = applyCall(list, calls[i]!.call);
      if (!sameList(next, calls[i]!.list)) continue;
      placed[i] = 1;
      order.push(i);
      for (const j of mustFollow[i]!) before[j]! -= 1;
      if (search(next)) return true;
      for (const j of mustFollow[i]!) before[j]! += 1;
      order.pop();
      placed[i] = 0;
    }
    deadEnds.add(key);
    return false;
  };

  if (search(initial)) {
    const last = order.at(-1);
    return { found: true, order: [...order], final: last === undefined ? [...initial] : [...calls[last]!.list] };
  }
  return { found: false, reason: explored > budget ? 'search budget exhausted' : 'no serial order', explored };
}
