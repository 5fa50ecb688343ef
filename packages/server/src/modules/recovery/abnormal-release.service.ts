import { formatAmount, type AbnormalReason } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../plugins/app-error.js';
import type { AuthContext } from '../../types.js';
import { changeRecord, findLotKind, getParkingRecord, lockRecord } from '../orders/index.js';
import { recordOperation } from '../system/index.js';

export const parkingRecordTarget = 'parkingRecord';

/**
 * 手动放行: staff lift the barrier for a car that has not paid. What it owes goes to pursuit at
 * once (欠费); a record owing nothing (held for staff) is simply closed. Either way the record is
 * marked 异常放行 for the warnings to pick up.
 */
export const releaseAbnormally = (db: Db, auth: AuthContext, id: string, reason: string) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const record = await lockRecord(tx, auth.tenantId, id);
    if (!record) throw notFound('停车记录不存在');
    if (record.state !== 'awaiting_payment') throw badRequest('只有待支付的停车记录可以手动放行');
    if ((await findLotKind(tx, auth.tenantId, record.lotId)) !== 'lane') throw badRequest('只有车道停车场的停车记录可以手动放行');
    const abnormalReasons: AbnormalReason[] = [...new Set<AbnormalReason>([...record.abnormalReasons, 'abnormal_release'])];
    // owing, it goes to pursuit (欠费); owing nothing (held for staff), it is over
    const { state } = await changeRecord(tx, record, 'release', { abnormal: true, abnormalReasons });
    await recordOperation(tx, auth, {
      module: 'orders',
      action: 'update',
      target: parkingRecordTarget,
      targetId: id,
      summary: `停车记录「${record.plateNumber}」手动放行${state === 'unpaid' ? `，欠费 ${formatAmount(record.unpaid)} 元转入追缴` : ''}：${reason}`,
      before: { state: record.state, abnormalReasons: record.abnormalReasons },
      after: { state, abnormalReasons, reason },
    });
    return getParkingRecord(tx, auth, id);
  });
