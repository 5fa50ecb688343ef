/**
 * Who wrote lately, so their next reads go to the primary and see what they wrote (the replica may
 * not have replayed it yet). Kept in this process's memory: with several API processes the load
 * balancer's session stickiness, or the same map kept in Redis, would carry it across processes.
 * Times are the caller's clock in milliseconds; nothing here reads the wall clock.
 */
export interface StickyWriters {
  /** `userId` wrote at `at`: their reads stay on the primary until `at + stickyMs` */
  wrote(userId: string, at: number): void;
  /** whether `userId`'s reads at `at` must still go to the primary */
  holds(userId: string, at: number): boolean;
  readonly size: number;
}

/**
 * At most `capacity` users are remembered. The map keeps users in the order they last wrote, which
 * with one `stickyMs` for all is the order they expire in, so the first entries are the ones to drop.
 */
export const stickyWriters = (stickyMs: number, capacity = 50_000): StickyWriters => {
  const until = new Map<string, number>();
  const dropExpired = (at: number) => {
    for (const [userId, end] of until) {
      if (end > at) break;
      until.delete(userId);
    }
  };
  return {
    wrote: (userId, at) => {
      if (stickyMs <= 0) return;
      until.delete(userId);
      until.set(userId, at + stickyMs);
      dropExpired(at);
      // still full of users within their window: the one whose window ends first goes
      while (until.size > capacity) until.delete(until.keys().next().value as string);
    },
    holds: (userId, at) => {
      const end = until.get(userId);
      if (end === undefined) return false;
      if (end > at) return true;
      until.delete(userId);
      return false;
    },
    get size() {
      return until.size;
    },
  };
};
