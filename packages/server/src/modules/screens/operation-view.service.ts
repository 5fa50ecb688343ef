import { businessDay, businessDayStart, deviceTypes, orderWarningKinds, type OperationViewSnapshot } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { findTenant } from '../system/index.js';
import { carsAtBarrier, devicesByState, latestAbnormalReleases, openOfflineTasks, openWarningsByKind, pursuitBetween, serviceQueues } from './operation-view.repository.js';

const DAY_MS = 86_400_000;
/** how many rows each list of the wall holds */
const ROWS = 10;

/**
 * 运营大屏 of the signed-in user's tenant at `now`: what the operations room must act on, each
 * figure one grouped count over an index, read in the request's tenant-bound transaction.
 */
export const operationViewSnapshot = async (db: Db, tenantId: string, now: Date): Promise<OperationViewSnapshot> => {
  const today = businessDay(now);
  const from = businessDayStart(today);
  const tenant = await findTenant(db, tenantId);
  const deviceRows = await devicesByState(db, tenantId);
  const tasks = await openOfflineTasks(db, tenantId, ROWS);
  const warningRows = await openWarningsByKind(db, tenantId);
  const service = await serviceQueues(db, tenantId, now);
  const pursuit = await pursuitBetween(db, tenantId, from, new Date(from.getTime() + DAY_MS));
  const waiting = await carsAtBarrier(db, tenantId, ROWS);
  const releases = await latestAbnormalReleases(db, tenantId, ROWS);

  const devicesOf = (type: string, state: string) => deviceRows.filter((r) => r.type === type && r.state === state).reduce((n, r) => n + r.n, 0);
  return {
    tenantTitle: tenant?.title ?? '',
    updatedAt: now.toISOString(),
    today,
    devices: deviceTypes.map((type) => ({ type, online: devicesOf(type, 'online'), offline: devicesOf(type, 'offline'), never: devicesOf(type, 'never') })),
    offlineTasks: tasks.map((t) => ({ deviceSn: t.deviceSn, content: t.content, at: t.at.toISOString() })),
    warnings: orderWarningKinds.map((kind) => ({ kind, open: warningRows.find((r) => r.kind === kind)?.n ?? 0 })),
    service,
    pursuit,
    waiting: waiting.map((w) => ({ plateNumber: w.plateNumber, lotName: w.lotName, laneName: w.laneName ?? '', since: w.since!.toISOString(), amountToPay: w.amountToPay })),
    abnormalReleases: releases.map((r) => ({ plateNumber: r.plateNumber, lotName: r.lotName, reasons: r.reasons ?? ['abnormal_release'], at: r.at.toISOString() })),
  };
};
