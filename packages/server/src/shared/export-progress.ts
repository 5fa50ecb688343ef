import { exportProgress, type ExportProgress, type ExportState } from '@parking/contract';
import type { Redis } from 'ioredis';

/** How long an ended export's figures stay readable: the console's last poll must still see how it ended. */
const keptAfterEndMs = 60_000;
/** Exports followed at once, across users; past it a new export is simply not followed. */
const mostFollowed = 10_000;

interface Entry extends ExportProgress {
  endedAt: number | null;
}

/** What an export reports as it goes. */
export interface ExportProgressHandle {
  wrote: (rows: number) => void;
  end: (state: Exclude<ExportState, 'running'>) => void;
}

const ignored: ExportProgressHandle = { wrote: () => undefined, end: () => undefined };

/** Who owns an export: only they may read its progress. */
export interface ExportOwner {
  tenantId: string;
  userId: string;
}

const keyOf = (owner: ExportOwner, exportId: string) => `${owner.tenantId}/${owner.userId}/${exportId}`;

/** What the progress route reads: the rows written by each running export, kept for a minute after it ends. */
export interface ExportProgressBoard {
  start(owner: ExportOwner, exportId: string, total: number | null): ExportProgressHandle;
  read(owner: ExportOwner, exportId: string): Promise<ExportProgress | undefined>;
}

/**
 * The rows written by each running export: in this process's memory, or in Redis when there is one,
 * so a poll that the load balancer sends to another process than the export's still finds it.
 */
export const exportProgressBoard = (now: () => Date, redis?: Redis): ExportProgressBoard => (redis ? sharedBoard(now, redis) : localBoard(now));

/** Rows written by each running export, in this process's memory: a display aid, not a record. */
const localBoard = (now: () => Date): ExportProgressBoard => {
  const entries = new Map<string, Entry>();
  const sweep = (at: number) => {
    for (const [key, entry] of entries) if (entry.endedAt !== null && at - entry.endedAt > keptAfterEndMs) entries.delete(key);
  };
  return {
    start(owner: ExportOwner, exportId: string, total: number | null): ExportProgressHandle {
      sweep(now().getTime());
      if (entries.size >= mostFollowed) return ignored;
      const entry: Entry = { rows: 0, total, state: 'running', endedAt: null };
      entries.set(keyOf(owner, exportId), entry);
      return {
        wrote: (rows) => {
          entry.rows = rows;
        },
        end: (state) => {
          entry.state = state;
          entry.endedAt = now().getTime();
        },
      };
    },
    read(owner: ExportOwner, exportId: string) {
      sweep(now().getTime());
      const entry = entries.get(keyOf(owner, exportId));
      return Promise.resolve(entry && { rows: entry.rows, total: entry.total, state: entry.state });
    },
  };
};

/** A running export's figures outlive a process that died mid-export by this much, then go. */
const keptWhileRunningMs = 10 * 60_000;
/** A running export writes its figures to Redis at most this often (every batch would be 2,000 writes a million rows). */
const sharedEveryMs = 1_000;

/**
 * Every export's figures in Redis under a key that names its tenant and user, expiring on their own.
 * Writes are not awaited: a Redis that stalls slows no export, and the console then shows the bytes
 * it has received instead. One connection keeps them in order, so the last written is the last read.
 */
const sharedBoard = (now: () => Date, redis: Redis): ExportProgressBoard => {
  const redisKey = (owner: ExportOwner, exportId: string) => `parking-export-progress:${keyOf(owner, exportId)}`;
  const put = (key: string, figures: ExportProgress, keptMs: number) => void redis.set(key, JSON.stringify(figures), 'PX', keptMs).catch(() => undefined);
  return {
    start(owner, exportId, total) {
      const key = redisKey(owner, exportId);
      let rows = 0;
      let sharedAt = now().getTime();
      put(key, { rows, total, state: 'running' }, keptWhileRunningMs);
      return {
        wrote: (written) => {
          rows = written;
          const at = now().getTime();
          if (at - sharedAt < sharedEveryMs) return;
          sharedAt = at;
          put(key, { rows, total, state: 'running' }, keptWhileRunningMs);
        },
        end: (state) => put(key, { rows, total, state }, keptAfterEndMs),
      };
    },
    async read(owner, exportId) {
      const text = await redis.get(redisKey(owner, exportId));
      if (text === null) return undefined;
      const figures = exportProgress.safeParse(JSON.parse(text));
      return figures.success ? figures.data : undefined;
    },
  };
};
