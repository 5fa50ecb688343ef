import type { Db } from '../../db/client.js';
import { receiveVehicleEvents, type VehicleEventCall, type VehicleEventOutcome } from './vehicle-event.service.js';

interface Waiting {
  call: VehicleEventCall;
  settle: (outcome: VehicleEventOutcome) => void;
}

export interface VehicleEventBatcherOptions {
  /** the most events one transaction applies */
  maxBatch?: number;
  /** how many batches may be applied at once, each on its own connection */
  maxInFlight?: number;
}

/**
 * Applies the vehicle events that arrive together as batches (receiveVehicleEvents), a commit per
 * batch: at this path the round trips and commits of a transaction per event were the whole cost.
 * No event waits for a timer: one arriving while fewer than maxInFlight batches are being applied
 * starts a batch at once, and events arriving meanwhile wait for the next. Every event is still
 * answered only after its batch has committed.
 *
 * A lot is in at most one batch at a time and once per batch, so a lot's events are applied one
 * after another in arrival order, each reading what the one before wrote; batches being applied
 * together hold disjoint lots and never wait on each other's lot locks.
 */
export const createVehicleEventBatcher = (db: Db, dataDir: string, options: VehicleEventBatcherOptions = {}) => {
  const maxBatch = options.maxBatch ?? 64;
  const maxInFlight = options.maxInFlight ?? 2;
  const waiting: Waiting[] = [];
  const busyLots = new Set<string>();
  let inFlight = 0;

  /** the waiting events whose lots are free, first come first taken, one per lot */
  const takeBatch = () => {
    const batch: Waiting[] = [];
    const lots = new Set<string>();
    const rest: Waiting[] = [];
    for (const w of waiting) {
      const lot = w.call.device.lotId;
      if (batch.length < maxBatch && !busyLots.has(lot) && !lots.has(lot)) {
        lots.add(lot);
        batch.push(w);
      } else {
        rest.push(w);
      }
    }
    waiting.splice(0, waiting.length, ...rest);
    return { batch, lots };
  };

  const apply = async (batch: Waiting[], lots: Set<string>) => {
    try {
      const outcomes = await receiveVehicleEvents(
        db,
        batch.map((w) => w.call),
        dataDir,
      );
      batch.forEach((w, i) => w.settle(outcomes[i]!));
    } catch (error) {
      // receiveVehicleEvents answers each event; only a lost connection gets here
      for (const w of batch) w.settle({ error });
    } finally {
      for (const lot of lots) busyLots.delete(lot);
      inFlight -= 1;
      pump();
    }
  };

  const pump = () => {
    while (inFlight < maxInFlight && waiting.length > 0) {
      const { batch, lots } = takeBatch();
      if (batch.length === 0) return;
      for (const lot of lots) busyLots.add(lot);
      inFlight += 1;
      void apply(batch, lots);
    }
  };

  return {
    /** Applies the event with whichever others arrive with it; answers its own outcome once its batch has committed. */
    receive: (call: VehicleEventCall) =>
      new Promise<VehicleEventOutcome>((settle) => {
        waiting.push({ call, settle });
        pump();
      }),
  };
};

export type VehicleEventBatcher = ReturnType<typeof createVehicleEventBatcher>;
