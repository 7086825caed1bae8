/**
 * Group commit: many callers' items written together, each caller answered only once the write
 * holding its item has finished, so nothing is acknowledged before it is stored.
 *
 * There is no batch timer. An item arriving while a write slot is free is written at the next
 * turn of the event loop (with whatever else arrived in that turn); items arriving while every
 * slot is busy wait and go together in the next write. A lone click therefore waits for nothing,
 * and under load the batches grow by themselves, as a database's group commit does.
 *
 * Bounded: at most maxWaiting items wait for a slot; past that an item is refused at once
 * (BatchQueueFull) rather than queued behind writes that are not finishing. A caller that stops
 * waiting (its signal aborts: its request's deadline passed) is answered at once with the
 * signal's reason; an item still waiting is taken out of the queue and never written, and an item
 * already in a write is written or not as that write goes — the caller was told neither way.
 */

export interface BatchOptions {
  /** Items in one write at most. */
  maxItems: number;
  /** Writes under way at once at most. */
  maxWrites: number;
  /** Items waiting for a write slot at most; one more is refused with BatchQueueFull. */
  maxWaiting: number;
  /** Runs work later in this process (default: setImmediate, after the pending I/O). */
  defer?: (work: () => void) => void;
}

/** The queue is full: the item was not taken, and will not be written. */
export class BatchQueueFull extends Error {
  constructor(waiting: number) {
    super(`${waiting} items are already waiting for a write`);
    this.name = 'BatchQueueFull';
  }
}

export interface Batcher<I, O> {
  /**
   * Resolves with this item's outcome once its write has finished; rejects when the write failed,
   * at once with BatchQueueFull when the queue is full, and at once with the signal's reason when
   * the signal aborts first.
   */
  submit(item: I, signal?: AbortSignal): Promise<O>;
  /** Items waiting for a write slot. */
  waiting(): number;
}

interface Waiting<I, O> {
  item: I;
  resolve(outcome: O): void;
  reject(error: unknown): void;
}

/**
 * `write` gets the items of one batch in the order they were submitted and answers with one
 * outcome per item, in the same order.
 */
export function createBatcher<I, O>(write: (items: I[]) => Promise<O[]>, options: BatchOptions): Batcher<I, O> {
  if (!(options.maxItems >= 1 && options.maxWrites >= 1 && options.maxWaiting >= 1)) {
    throw new Error(
      `createBatcher: maxItems, maxWrites and maxWaiting must be at least 1, not ${options.maxItems}, ${options.maxWrites} and ${options.maxWaiting}`,
    );
  }
  const defer = options.defer ?? ((work: () => void) => void setImmediate(work));
  const queue: Waiting<I, O>[] = [];
  let writing = 0;
  let scheduled = false;

  const startWrites = () => {
    scheduled = false;
    while (writing < options.maxWrites && queue.length > 0) {
      const batch = queue.splice(0, options.maxItems);
      writing += 1;
      Promise.resolve()
        .then(() => write(batch.map((w) => w.item)))
        .then(
          (outcomes) => {
            if (outcomes.length !== batch.length) {
              throw new Error(`a batch write answered ${outcomes.length} outcomes for ${batch.length} items`);
            }
            batch.forEach((w, i) => w.resolve(outcomes[i] as O));
          },
        )
        .catch((error: unknown) => batch.forEach((w) => w.reject(error)))
        .finally(() => {
          writing -= 1;
          schedule();
        });
    }
  };

  const schedule = () => {
    if (scheduled || queue.length === 0 || writing >= options.maxWrites) return;
    scheduled = true;
    defer(startWrites);
  };

  return {
    submit: (item, signal) =>
      new Promise<O>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        if (queue.length >= options.maxWaiting) return reject(new BatchQueueFull(queue.length));
        let settled = false;
        const settle = () => {
          settled = true;
          signal?.removeEventListener('abort', giveUp);
        };
        const waiting: Waiting<I, O> = {
          item,
          resolve: (outcome) => {
            if (settled) return;
            settle();
            resolve(outcome);
          },
          reject: (error) => {
            if (settled) return;
            settle();
            reject(error);
          },
        };
        function giveUp() {
          const at = queue.indexOf(waiting);
          if (at >= 0) queue.splice(at, 1);
          waiting.reject(signal?.reason);
        }
        signal?.addEventListener('abort', giveUp, { once: true });
        queue.push(waiting);
        schedule();
      }),
    waiting: () => queue.length,
  };
}
