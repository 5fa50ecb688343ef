import { formatAmount, reminderChannelNames, type ArrearsReminder, type ArrearsReminderValues, type ArrearsDetail, type ArrearsListValues } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import { badRequest, notFound } from '../../plugins/app-error.js';
import type { AuthContext } from '../../types.js';
import { listParkingRecords } from '../orders/index.js';
import { recordOperation } from '../system/index.js';
import { insertReminder, owedByPlate, pageArrears, recoveredOfPlate, remindersOfPlate, type ListedReminderRow } from './recovery.repository.js';

export const reminderTarget = 'arrearsReminder';
/** a plate's arrears listed on its detail page at most; more is not a pursuit, it is a data problem */
const detailRecordLimit = 1000;
/** the plate is not echoed: another tenant asking about it learns nothing */
const noArrears = '没有该车牌的欠费记录';

const toReminder = ({ reminder: r, operatorName }: ListedReminderRow): ArrearsReminder => ({
  id: r.id,
  plateNumber: r.plateNumber,
  channel: r.channel,
  content: r.content,
  operatorId: r.operatorId,
  operatorName: operatorName ?? '',
  createdAt: r.createdAt.toISOString(),
});

export const listArrears = async (db: Db, auth: AuthContext, query: ArrearsListValues) => {
  const { page, filter } = splitPage(query);
  const { rows, total } = await pageArrears(db, auth.tenantId, filter, page);
  return pageAnswer(rows, page, total);
};

/**
 * One plate in pursuit: its records still unpaid on every lot, the reminders sent and what was
 * recovered. A plate pursuit never knew answers 404, as another tenant's plate does.
 */
export const getArrears = async (db: Db, auth: AuthContext, plateNumber: string): Promise<ArrearsDetail> => {
  const records = await listParkingRecords(db, auth, {
    state: 'unpaid',
    plateNumber,
    plateMatch: 'exact',
    sidx: 'exitedAt',
    sort: 'desc',
    currentPage: 1,
    pageSize: detailRecordLimit,
  });
  const reminders = await remindersOfPlate(db, auth.tenantId, plateNumber);
  const recovered = await recoveredOfPlate(db, auth.tenantId, plateNumber);
  if (records.list.length === 0 && reminders.length === 0 && recovered.count === 0) throw notFound(noArrears);
  return {
    plateNumber,
    owed: (await owedByPlate(db, auth.tenantId, plateNumber)).owed,
    records: records.list,
    reminders: reminders.map(toReminder),
    recovered: recovered.amount,
  };
};

/** 登记催缴: only a plate that owes money now is reminded of it. */
export const addReminder = async (db: Db, auth: AuthContext, plateNumber: string, input: ArrearsReminderValues) => {
  const { owed, records } = await owedByPlate(db, auth.tenantId, plateNumber);
  if (records === 0) {
    const known = (await remindersOfPlate(db, auth.tenantId, plateNumber)).length > 0 || (await recoveredOfPlate(db, auth.tenantId, plateNumber)).count > 0;
    if (!known) throw notFound(noArrears);
    throw badRequest('该车牌已无欠费，无需催缴');
  }
  const row = await insertReminder(db, { tenantId: auth.tenantId, plateNumber, channel: input.channel, content: input.content, operatorId: auth.userId });
  const [listed] = (await remindersOfPlate(db, auth.tenantId, plateNumber)).filter((r) => r.reminder.id === row.id);
  const reminder = toReminder(listed ?? { reminder: row, operatorName: null });
  await recordOperation(db, auth, {
    module: 'recovery',
    action: 'create',
    target: reminderTarget,
    targetId: row.id,
    summary: `车牌「${plateNumber}」${reminderChannelNames[input.channel]}催缴（欠费 ${formatAmount(owed)} 元，${records} 笔）`,
    after: { ...reminder, owed, records },
  });
  return reminder;
};
