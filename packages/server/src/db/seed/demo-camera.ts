import { vehicleEventInput } from '@parking/contract';
import { receiveVehicleEvent } from '../../modules/orders/index.js';
import type { Db } from '../client.js';
import type { devices } from '../schema/index.js';

export interface DemoRead {
  /** the event's id and nonce: ASCII, naming the seed and the stay */
  id: string;
  kind: 'lane_entry' | 'lane_exit';
  plate: string;
  plateColour: number;
  at: Date;
}

/** A demo camera reads a plate, sent `now` as a device would: seeds make stays through the same door as the lanes. */
export const demoCameraRead = (db: Db, device: typeof devices.$inferSelect, dataDir: string, now: Date, read: DemoRead) =>
  receiveVehicleEvent(
    db,
    device,
    vehicleEventInput.parse({
      tenant: 'demo',
      sn: device.sn,
      timestamp: now.getTime(),
      nonce: read.id,
      deviceEventId: read.id,
      kind: read.kind,
      plate: read.plate,
      plateColour: read.plateColour,
      confidence: 0.98,
      occurredAt: read.at.toISOString(),
    }),
    dataDir,
  );
