/**
 * Who wrote lately, so their next reads go to the primary and see what they wrote (the replica may
 * not have replayed it yet). Kept in this process's memory; with several API processes a user's
 * next request may reach another one, so with REDIS_URL the window is kept in Redis as well
 * (`sharedStickyWriters`), and without it the load balancer's session stickiness must carry it.
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

/** What the shared window needs of Redis; ioredis's client has it. */
export interface StickyStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, mode: 'PX', ms: number): Promise<unknown>;
}

export interface SharedStickyWriters {
  wrote(userId: string, at: number): Promise<void>;
  holds(userId: string, at: number): Promise<boolean>;
}

const stickyKey = (userId: string) => `parking-replica-sticky:${userId}`;

/**
 * The window kept in Redis (REDIS_URL) as well, so a user who wrote through one API process reads
 * from the primary on every process. This process's own writers are answered from memory; Redis is
 * asked about the rest. The key holds when the window ends on the writer's clock, compared with the
 * reader's, and Redis drops it a minute later whatever the processes' clocks say. When Redis fails
 * the read goes to the primary: never a stale read, never a failed request.
 */
export const sharedStickyWriters = (local: StickyWriters, store: StickyStore, stickyMs: number, onError: (error: unknown) => void): SharedStickyWriters => ({
  wrote: async (userId, at) => {
    local.wrote(userId, at);
    if (stickyMs <= 0) return;
    await store.set(stickyKey(userId), String(at + stickyMs), 'PX', stickyMs + 60_000).catch(onError);
  },
  holds: async (userId, at) => {
    if (local.holds(userId, at)) return true;
    if (stickyMs <= 0) return false;
    try {
      const end = await store.get(stickyKey(userId));
      return end !== null && Number(end) > at;
    } catch (error) {
      onError(error);
      return true;
    }
  },
});
