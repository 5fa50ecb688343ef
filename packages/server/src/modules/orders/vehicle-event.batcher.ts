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
  /**
   * the fewest events a batch started beside one being applied may hold: a small batch costs its round
   * trips and commit for little, and its events are taken soon anyway, with more, when the running one ends
   */
  minConcurrentBatch?: number;
}

/**
 * Applies the vehicle events that arrive together as batches (receiveVehicleEvents), a commit per
 * batch: at this path the round trips and commits of a transaction per event were the whole cost.
 * No event waits for a timer: one arriving while no batch is being applied starts a batch at once;
 * while one is, events wait for it to end, unless enough of them can go together to be worth a batch
 * of their own beside it (also what keeps events moving past a batch stuck on a lock). Every event is
 * still answered only after its batch has committed.
 *
 * A lot is in at most one batch at a time and once per batch, so a lot's events are applied one
 * after another in arrival order, each reading what the one before wrote; batches being applied
 * together hold disjoint lots and never wait on each other's lot locks.
 */
export const createVehicleEventBatcher = (db: Db, dataDir: string, options: VehicleEventBatcherOptions = {}) => {
  const maxBatch = options.maxBatch ?? 64;
  const maxInFlight = options.maxInFlight ?? 2;
  // measured (bench/RESULTS.md): with batches started whatever their size, two at once averaged nine
  // events each and spent about a fifth more CPU per event than with a second batch held to a few dozen
  const minConcurrentBatch = Math.min(options.minConcurrentBatch ?? 24, maxBatch);
  const waiting: Waiting[] = [];
  const busyLots = new Set<string>();
  let inFlight = 0;

  /** the waiting events whose lots are free, first come first taken, one per lot; `rest` is what stays waiting */
  const pickBatch = () => {
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
    return { batch, lots, rest };
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
      const { batch, lots, rest } = pickBatch();
      if (batch.length === 0 || (inFlight > 0 && batch.length < minConcurrentBatch)) return;
      waiting.splice(0, waiting.length, ...rest);
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
