/**
 * At most `limit` pieces of work at once; the others wait their turn, first come first served. For work that would
 * otherwise hold every connection of the database pool at once (analytics' aggregates over a whole company), so
 * that other requests still find a connection instead of queueing behind it or timing out.
 */
export interface Gate {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Pieces running now. */
  readonly active: number;
  /** Pieces waiting for their turn. */
  readonly waiting: number;
}

export function createGate(limit: number): Gate {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`a gate's limit is a positive integer, not ${limit}`);
  let active = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    // The turn passes straight to the next in line, so that a newcomer cannot overtake it.
    if (next) next();
    else active--;
  };
  return {
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    async run(work) {
      if (active < limit) active++;
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}
