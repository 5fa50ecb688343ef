import {
  complaintCategoryNames,
  complaintStatusNames,
  defaultComplaintDeadlineHours,
  futureTimeIssue,
  maskMobile,
  messageTypes,
  type Complaint,
  type ComplaintCategory,
  type ComplaintDetail,
  type ComplaintListValues,
  type ComplaintPage,
  type ComplaintSettings,
  type OwnerComplaint,
  type OwnerComplaintValues,
  type ComplaintValues,
  type RecordComplaintFiled,
  type ServicePhoto,
  businessDayStart,
} from '@parking/contract';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, fieldRefused, notFound } from '../../plugins/app-error.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import type { AuthContext } from '../../types.js';
import { withTenant } from '../../db/tenant-scope.js';
import { ownerPlates, type OwnerContext } from '../customers/index.js';
import { markMessagesHandled, raiseMessage } from '../messages/index.js';
import { verifyRecordToken } from '../parking/index.js';
import { findTenant, recordOperation } from '../system/index.js';
import {
  complaintDeadlineHours,
  complaintsOfCustomer,
  countOverdueOpen,
  customerIdOfPhone,
  findListedComplaint,
  insertComplaint,
  insertReply,
  lockComplaint,
  openComplaintOfRecord,
  pageComplaints,
  realNameOf,
  repliesOf,
  setComplaintDeadlineHours,
  updateComplaint,
  type ComplaintReplyRow,
  type ComplaintRow,
  type ListedComplaintRow,
} from './complaint.repository.js';
import { reviewedStayRow, toReviewedStay } from './reviewed-stay.repository.js';
import { servicePhotosOf } from './service-photo.service.js';

export const complaintTarget = 'complaint';
const messageName = '客户投诉';
const notFoundMessage = '投诉不存在';
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** Open past its deadline at `now`, or completed after it. */
export const isOverdue = (row: Pick<ComplaintRow, 'status' | 'deadlineAt' | 'completedAt'>, now: Date) =>
  row.status === 'done' ? (row.completedAt?.getTime() ?? 0) > row.deadlineAt.getTime() : now.getTime() > row.deadlineAt.getTime();

const toComplaint = ({ complaint: c, replyCount, completedByName, createdByName }: ListedComplaintRow, now: Date): Complaint => ({
  id: c.id,
  category: c.category,
  channel: c.channel,
  status: c.status,
  content: c.content,
  contactName: c.contactName,
  contactPhone: c.contactPhone,
  plateNumber: c.plateNumber,
  plateColour: c.plateColour,
  recordId: c.recordId,
  customerId: c.customerId,
  receivedAt: c.receivedAt.toISOString(),
  deadlineAt: c.deadlineAt.toISOString(),
  overdue: isOverdue(c, now),
  replyCount: Number(replyCount),
  completedAt: c.completedAt?.toISOString() ?? null,
  completedByName,
  result: c.result,
  createdByName,
});

const toReply = (r: ComplaintReplyRow) => ({ id: r.id, author: r.author, authorName: r.authorName, content: r.content, createdAt: r.createdAt.toISOString() });

export const listComplaints = async (db: Db, auth: AuthContext, query: ComplaintListValues, now: Date): Promise<ComplaintPage> => {
  const { page, filter } = splitPage(query);
  const { receivedFrom, receivedTo, ...rest } = filter;
  const { rows, total } = await pageComplaints(
    db,
    auth.tenantId,
    {
      ...rest,
      ...(receivedFrom ? { receivedSince: businessDayStart(receivedFrom) } : {}),
      ...(receivedTo ? { receivedUntil: new Date(businessDayStart(receivedTo).getTime() + DAY_MS) } : {}),
    },
    page,
    now,
  );
  return { ...pageAnswer(rows, page, total, (row) => toComplaint(row, now)), overdueOpen: await countOverdueOpen(db, auth.tenantId, now) };
};

const complaintOf = async (db: Db, tenantId: string, id: string, now: Date) => {
  const row = await findListedComplaint(db, tenantId, id);
  if (!row) throw notFound(notFoundMessage);
  return toComplaint(row, now);
};

/** One complaint with its thread, oldest first, and the stay it names. */
export const getComplaint = async (db: Db, auth: AuthContext, id: string, now: Date): Promise<ComplaintDetail> => {
  const complaint = await complaintOf(db, auth.tenantId, id, now);
  const replies = (await repliesOf(db, auth.tenantId, id)).map(toReply);
  const record = complaint.recordId ? await reviewedStayRow(db, auth.tenantId, complaint.recordId) : undefined;
  return {
    ...complaint,
    replies,
    record: record ? toReviewedStay(record) : null,
    photos: await servicePhotosOf(db, auth.tenantId, { complaintId: id }),
  };
};

export const getComplaintSettings = async (db: Db, auth: AuthContext): Promise<ComplaintSettings> => ({
  deadlineHours: (await complaintDeadlineHours(db, auth.tenantId)) ?? defaultComplaintDeadlineHours,
});

/** 处理时限: complaints received from now on get the new deadline; those already taken keep theirs. */
export const updateComplaintSettings = async (db: Db, auth: AuthContext, input: ComplaintSettings, now: Date): Promise<ComplaintSettings> => {
  const before = await getComplaintSettings(db, auth);
  await setComplaintDeadlineHours(db, auth.tenantId, input.deadlineHours, now);
  await recordOperation(db, auth, {
    module: 'service',
    action: 'update',
    target: complaintTarget,
    summary: `客户投诉处理时限由 ${before.deadlineHours} 小时改为 ${input.deadlineHours} 小时（此后受理的投诉适用）`,
    before,
    after: input,
  });
  return input;
};

/** The stay a complaint names, in the tenant; its plate is the complaint's. */
const namedRecord = async (db: Db, tenantId: string, recordId: string | null) => {
  if (!recordId) return undefined;
  const record = await reviewedStayRow(db, tenantId, recordId);
  if (!record) throw fieldRefused('recordId', '停车记录不存在');
  return record;
};

interface Filing {
  tenantId: string;
  category: ComplaintCategory;
  channel: ComplaintRow['channel'];
  content: string;
  contactName: string;
  contactPhone: string;
  plateNumber: string;
  recordId: string | null;
  customerId: string | null;
  receivedAt: Date;
  createdBy: string | null;
}

/** Writes the complaint with its deadline and raises its type 5 message; the caller logs it. */
const file = async (db: Db, filing: Filing, now: Date) => {
  const record = await namedRecord(db, filing.tenantId, filing.recordId);
  const hours = (await complaintDeadlineHours(db, filing.tenantId)) ?? defaultComplaintDeadlineHours;
  const deadlineAt = new Date(filing.receivedAt.getTime() + hours * HOUR_MS);
  const plateNumber = record?.plateNumber || filing.plateNumber;
  const id = await insertComplaint(db, {
    ...filing,
    plateNumber,
    plateColour: record ? record.plateColour : null,
    customerId: filing.customerId ?? (await customerIdOfPhone(db, filing.tenantId, filing.contactPhone)) ?? null,
    deadlineAt,
    createdAt: now,
    updatedAt: now,
  });
  const about = plateNumber ? `（${plateNumber}）` : '';
  await raiseMessage(db, {
    tenantId: filing.tenantId,
    messageName,
    messageText: `${maskMobile(filing.contactPhone)} 投诉${complaintCategoryNames[filing.category]}${about}：${filing.content.slice(0, 40)}${filing.content.length > 40 ? '…' : ''}`,
    messageType: messageTypes.complaint,
    businessId: id,
  });
  return id;
};

/** 新增投诉 by staff: a call, a WeChat Pay complaint or a visit, received now or when it says. */
export const createComplaint = async (db: Db, auth: AuthContext, input: ComplaintValues, now: Date): Promise<Complaint> => {
  const receivedAt = input.receivedAt ? new Date(input.receivedAt) : now;
  const future = futureTimeIssue('受理时间', receivedAt, now);
  if (future) throw fieldRefused('receivedAt', future);
  const id = await file(db, { tenantId: auth.tenantId, ...input, customerId: null, receivedAt, createdBy: auth.userId }, now);
  const created = await complaintOf(db, auth.tenantId, id, now);
  await recordOperation(db, auth, {
    module: 'service',
    action: 'create',
    target: complaintTarget,
    targetId: id,
    summary: `受理客户投诉：${maskMobile(input.contactPhone)} 投诉${complaintCategoryNames[input.category]}`,
    after: created,
  });
  return created;
};

/** A complaint locked and not yet 已完成, or a clear refusal: two people at once take turns on the lock. */
const openComplaint = async (db: Db, tenantId: string, id: string) => {
  const row = await lockComplaint(db, tenantId, id);
  if (!row) throw notFound(notFoundMessage);
  if (row.status === 'done') throw conflict('该投诉已完成，不能再回复或办结');
  return row;
};

const staffName = async (db: Db, auth: AuthContext) => (await realNameOf(db, auth.tenantId, auth.userId)) || auth.account;

/** A staff reply: the first one takes the complaint from 待处理 to 处理中. */
export const replyComplaint = async (db: Db, auth: AuthContext, id: string, content: string, now: Date): Promise<ComplaintDetail> => {
  const row = await openComplaint(db, auth.tenantId, id);
  const before = await complaintOf(db, auth.tenantId, id, now);
  await insertReply(db, { tenantId: auth.tenantId, complaintId: id, author: 'staff', userId: auth.userId, authorName: await staffName(db, auth), content, createdAt: now });
  if (row.status === 'pending') await updateComplaint(db, auth.tenantId, id, { status: 'processing', updatedAt: now });
  else await updateComplaint(db, auth.tenantId, id, { updatedAt: now });
  const after = await complaintOf(db, auth.tenantId, id, now);
  await recordOperation(db, auth, {
    module: 'service',
    action: 'update',
    target: complaintTarget,
    targetId: id,
    summary: `回复客户投诉（${maskMobile(row.contactPhone)}，${complaintStatusNames[after.status]}）：${content.slice(0, 60)}`,
    before,
    after,
  });
  return getComplaint(db, auth, id, now);
};

/** 办结: the result closes the thread as 已完成 and the complaint's message leaves the bell's count. */
export const completeComplaint = async (db: Db, auth: AuthContext, id: string, result: string, now: Date): Promise<ComplaintDetail> => {
  const row = await openComplaint(db, auth.tenantId, id);
  const before = await complaintOf(db, auth.tenantId, id, now);
  await updateComplaint(db, auth.tenantId, id, { status: 'done', result, completedAt: now, completedBy: auth.userId, updatedAt: now });
  await markMessagesHandled(db, auth.tenantId, messageTypes.complaint, id, now);
  const after = await complaintOf(db, auth.tenantId, id, now);
  await recordOperation(db, auth, {
    module: 'service',
    action: 'update',
    target: complaintTarget,
    targetId: id,
    summary: `办结客户投诉（${maskMobile(row.contactPhone)}${after.overdue ? '，逾期办结' : ''}）：${result.slice(0, 60)}`,
    before,
    after,
  });
  return getComplaint(db, auth, id, now);
};

const toOwnerComplaint = (row: ComplaintRow, replies: ComplaintReplyRow[], photos: ServicePhoto[]): OwnerComplaint => ({
  id: row.id,
  category: row.category,
  status: row.status,
  content: row.content,
  plateNumber: row.plateNumber,
  recordId: row.recordId,
  receivedAt: row.receivedAt.toISOString(),
  deadlineAt: row.deadlineAt.toISOString(),
  completedAt: row.completedAt?.toISOString() ?? null,
  result: row.result,
  replies: replies.map(({ id, author, content, createdAt }) => ({ id, author, content, createdAt: createdAt.toISOString() })),
  photos,
});

/** The owner's complaints with their threads, newest first. */
export const ownerComplaints = async (db: Db, owner: OwnerContext): Promise<OwnerComplaint[]> => {
  const rows = await complaintsOfCustomer(db, owner.tenantId, owner.customerId);
  return Promise.all(rows.map(async (row) => toOwnerComplaint(row, await repliesOf(db, owner.tenantId, row.id), await servicePhotosOf(db, owner.tenantId, { complaintId: row.id }))));
};

const ownerComplaint = async (db: Db, owner: OwnerContext, id: string) => {
  const row = await lockComplaint(db, owner.tenantId, id);
  // another owner's complaint is as good as absent
  if (row?.customerId !== owner.customerId) throw notFound(notFoundMessage);
  return row;
};

const ownerActor = (owner: OwnerContext, origin: { ip: string; userAgent: string }) => ({
  tenantId: owner.tenantId,
  userId: null,
  account: `车主 ${maskMobile(owner.phone)}`,
  ip: origin.ip,
  userAgent: origin.userAgent,
});

/**
 * The owner's own complaint from the phone pages, on their phone. A stay it names must be one of a
 * plate bound to them: another driver's stay is refused as if it did not exist.
 */
export const fileOwnerComplaint = async (db: Db, owner: OwnerContext, input: OwnerComplaintValues, origin: { ip: string; userAgent: string }, now: Date) => {
  if (input.recordId) {
    const record = await reviewedStayRow(db, owner.tenantId, input.recordId);
    const plates = await ownerPlates(db, owner.tenantId, owner.customerId);
    if (!record || !plates.some((p) => p.plateNumber === record.plateNumber && p.plateColour === record.plateColour)) throw fieldRefused('recordId', '停车记录不存在');
  }
  const id = await file(
    db,
    { tenantId: owner.tenantId, ...input, channel: 'owner_page', contactName: '', contactPhone: owner.phone, customerId: owner.customerId, receivedAt: now, createdBy: null },
    now,
  );
  const row = await ownerComplaint(db, owner, id);
  const filed = toOwnerComplaint(row, [], []);
  await recordOperation(db, ownerActor(owner, origin), {
    module: 'service',
    action: 'create',
    target: complaintTarget,
    targetId: id,
    summary: `车主 ${maskMobile(owner.phone)} 在车主页面投诉${complaintCategoryNames[input.category]}`,
    after: await complaintOf(db, owner.tenantId, id, now),
  });
  return filed;
};

/** The owner adds to a thread of theirs while it is not 已完成. */
export const ownerReplyComplaint = async (db: Db, owner: OwnerContext, id: string, content: string, origin: { ip: string; userAgent: string }, now: Date) => {
  const row = await ownerComplaint(db, owner, id);
  if (row.status === 'done') throw conflict('该投诉已完成，不能再补充');
  await insertReply(db, { tenantId: owner.tenantId, complaintId: id, author: 'owner', userId: null, authorName: `车主 ${maskMobile(owner.phone)}`, content, createdAt: now });
  await updateComplaint(db, owner.tenantId, id, { updatedAt: now });
  await recordOperation(db, ownerActor(owner, origin), {
    module: 'service',
    action: 'update',
    target: complaintTarget,
    targetId: id,
    summary: `车主 ${maskMobile(owner.phone)} 补充投诉：${content.slice(0, 60)}`,
  });
  return toOwnerComplaint(row, await repliesOf(db, owner.tenantId, id), await servicePhotosOf(db, owner.tenantId, { complaintId: id }));
};

/**
 * From the driver's order page: the stay is the one its signed record token names, and the driver
 * leaves a phone to be called back on. A second complaint about the same stay from the same phone
 * while the first is open is refused: it is being handled.
 */
export const fileRecordComplaint = async (
  db: Db,
  secret: string,
  input: { o: string; category: ComplaintCategory; content: string; contactPhone: string },
  origin: { ip: string; userAgent: string },
  now: Date,
): Promise<RecordComplaintFiled> => {
  const check = verifyRecordToken(secret, input.o, now);
  if (!check.ok) throw badRequest(check.reason === 'expired' ? '订单二维码已过期，请重新扫码后再投诉' : '二维码无效或已被篡改，请重新扫码');
  const { tenant: tenantId, id: recordId } = check.payload;
  const tenant = await findTenant(db, tenantId);
  if (!tenant?.enabled) throw badRequest('二维码无效或已被篡改，请重新扫码');
  return withTenant(db, tenantId, async (tx) => {
    if (!(await reviewedStayRow(tx, tenantId, recordId))) throw notFound('订单不存在，请重新扫码');
    if (await openComplaintOfRecord(tx, tenantId, recordId, input.contactPhone)) throw conflict('您对该订单的投诉正在处理中，请耐心等待客服联系');
    const id = await file(
      tx,
      {
        tenantId,
        category: input.category,
        channel: 'owner_page',
        content: input.content,
        contactName: '',
        contactPhone: input.contactPhone,
        plateNumber: '',
        recordId,
        customerId: null,
        receivedAt: now,
        createdBy: null,
      },
      now,
    );
    const filed = await complaintOf(tx, tenantId, id, now);
    await recordOperation(
      tx,
      { tenantId, userId: null, account: `车主 ${maskMobile(input.contactPhone)}`, ip: origin.ip, userAgent: origin.userAgent },
      {
        module: 'service',
        action: 'create',
        target: complaintTarget,
        targetId: id,
        summary: `车主 ${maskMobile(input.contactPhone)} 在订单页面投诉${complaintCategoryNames[input.category]}`,
        after: filed,
      },
    );
    return { id, receivedAt: filed.receivedAt, deadlineAt: filed.deadlineAt };
  });
};
