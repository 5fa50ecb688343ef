import { missedCyclesBeforeOffline, parkingTypeOfLot } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { pruneNonces } from './device-ingestion.service.js';
import { openOutage } from './device-outage.js';
import { devicesByIds, markSilentDevicesOffline } from './device.repository.js';
import { scheduledJob } from '../../shared/periodic-job.js';

/**
 * One pass of the offline check at `now`: every enabled online device whose last heartbeat is more
 * than 3 cycles old goes offline, with one task and one message. The state change is a single
 * UPDATE, so of several processes checking at once only one reports each outage.
 */
export const checkOfflineDevices = (db: Db, now: Date) =>
  db.transaction(async (tx) => {
    const gone = await markSilentDevicesOffline(tx as unknown as Db, missedCyclesBeforeOffline, now);
    const rows = await devicesByIds(tx as unknown as Db, gone);
    let reported = 0;
    for (const { device, lotName, lotType, laneName, spaceNumber } of rows) {
      const outage = { tenantId: device.tenantId, id: device.id, sn: device.sn, type: device.type, lotName, place: laneName ?? spaceNumber, parkingType: parkingTypeOfLot(lotType) };
      if (await openOutage(tx as unknown as Db, outage, now)) reported++;
    }
    await pruneNonces(tx as unknown as Db, now);
    return { offline: rows.length, reported };
  });

/** The offline check every `intervalMs` (DEVICE_OFFLINE_CHECK_MS; 0 turns it off). */
export const deviceOfflineJob = (db: Db, intervalMs: number, clock: () => Date = () => new Date()) =>
  scheduledJob({
    name: 'device-offline',
    intervalMs,
    pass: () => checkOfflineDevices(db, clock()),
    messages: {
      done: 'devices went offline',
      failed: 'device offline check failed',
      worthTelling: (result) => result.offline > 0,
    },
  });
