import type { ExportProgress, ExportState } from '@parking/contract';

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

/**
 * Rows written by each running export, in this process's memory: a display aid, not a record (a
 * poll that reaches another process behind the load balancer finds nothing, and the console then
 * shows the bytes received instead).
 */
export const exportProgressBoard = (now: () => Date) => {
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
    read(owner: ExportOwner, exportId: string): ExportProgress | undefined {
      sweep(now().getTime());
      const entry = entries.get(keyOf(owner, exportId));
      return entry && { rows: entry.rows, total: entry.total, state: entry.state };
    },
  };
};

export type ExportProgressBoard = ReturnType<typeof exportProgressBoard>;
