/**
 * Group commit: many callers' items written together, each caller answered only once the write
 * holding its item has finished, so nothing is acknowledged before it is stored.
 *
 * There is no batch timer. An item arriving while a write slot is free is written at the next
 * turn of the event loop (with whatever else arrived in that turn); items arriving while every
 * slot is busy wait and go together in the next write. A lone click therefore waits for nothing,
 * and under load the batches grow by themselves, as a database's group commit does.
 */

export interface BatchOptions {
  /** Items in one write at most. */
  maxItems: number;
  /** Writes under way at once at most. */
  maxWrites: number;
  /** Runs work later in this process (default: setImmediate, after the pending I/O). */
  defer?: (work: () => void) => void;
}

export interface Batcher<I, O> {
  /** Resolves with this item's outcome once its write has finished; rejects when the write failed. */
  submit(item: I): Promise<O>;
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
  if (!(options.maxItems >= 1 && options.maxWrites >= 1)) {
    throw new Error(`createBatcher: maxItems and maxWrites must be at least 1, not ${options.maxItems} and ${options.maxWrites}`);
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
    submit: (item) =>
      new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      }),
    waiting: () => queue.length,
  };
}
