import {
  maskMobile,
  messageTypes,
  phoneChangeStatusNames,
  type PhoneChangeCodeResult,
  type PhoneChangeDetail,
  type PhoneChangeListValues,
  type PhoneChangeRejectValues,
  type PhoneChangeRequest,
  type PhoneChangeSubmitValues,
  businessDayStart,
} from '@parking/contract';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/sql-error.js';
import { withTenant } from '../../db/tenant-scope.js';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/app-error.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import { scheduledJob } from '../../shared/periodic-job.js';
import type { AuthContext } from '../../types.js';
import { checkSmsCode, issueSmsCode } from '../auth/index.js';
import { markMessagesHandled, raiseMessage } from '../messages/index.js';
import { activeTenant, recordFailure, recordOperation, refuseWhileWaiting, signInThrottle } from '../system/index.js';
import { customerWithPhone, lockCustomer, vehiclesOf } from './customer.repository.js';
import { setOwnerPhone, ownerWithPhone } from './owner-session.repository.js';
import type { OwnerOrigin, OwnerSignInDeps } from './owner-session.service.js';
import {
  decidePhoneChange,
  endOwnerSessionsForPhoneChange,
  findListedPhoneChange,
  findOpenPhoneChange,
  insertPhoneChange,
  lockPhoneChange,
  markPhoneChangePhotoRemoved,
  pagePhoneChanges,
  phoneChangePhotosDue,
  stayOfOrderNo,
  type ListedPhoneChangeRow,
  type PhoneChangeRow,
} from './phone-change.repository.js';
import { checkVehicleAuthPhoto, removeVehicleAuthPhoto, storeVehicleAuthPhoto, vehicleAuthPhotoFile } from './vehicle-auth.photo.js';
import { insertCustomerNotice } from './vehicle-auth.repository.js';

export const phoneChangeTarget = 'phoneChange';
const messageName = '手机号变更审核';
const notFoundMessage = '手机号变更申请不存在';
const DAY_MS = 24 * 3600_000;

/** The code to the new number is good for this old number and this new one only: no sign-in code, no 更换手机号 code, no other pair. */
const codeKey = (oldPhone: string, newPhone: string) => `owner-phone-request:${oldPhone}:${newPhone}`;
/** wrong codes are counted per new number, as sign-in counts per phone */
const throttleKey = (newPhone: string) => `owner-phone-request:${newPhone}`;

const toPhoneChange = ({ request: r, customerPhone, customerNickname, decidedByName }: ListedPhoneChangeRow): PhoneChangeRequest => ({
  id: r.id,
  status: r.status,
  customerId: r.customerId,
  customerNickname,
  oldPhone: r.oldPhone,
  newPhone: r.newPhone,
  customerPhone,
  orderNo: r.orderNo,
  hasPhoto: r.photoPath !== null,
  rejectReason: r.rejectReason,
  decidedByName,
  decidedAt: r.decidedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

export const listPhoneChanges = async (db: Db, auth: AuthContext, query: PhoneChangeListValues) => {
  const { page, filter } = splitPage(query);
  const { createdFrom, createdTo, ...rest } = filter;
  const { rows, total } = await pagePhoneChanges(
    db,
    auth.tenantId,
    {
      ...rest,
      ...(createdFrom ? { createdSince: businessDayStart(createdFrom) } : {}),
      ...(createdTo ? { createdUntil: new Date(businessDayStart(createdTo).getTime() + DAY_MS) } : {}),
    },
    page,
  );
  return pageAnswer(rows, page, total, toPhoneChange);
};

const requestOf = async (db: Db, tenantId: string, id: string) => {
  const row = await findListedPhoneChange(db, tenantId, id);
  if (!row) throw notFound(notFoundMessage);
  return toPhoneChange(row);
};

/**
 * One request with what the reviewer weighs: the stay its order number names and whether that stay's
 * plate is one of the owner's vehicles (bound now or unbound since), and the owner's vehicles.
 */
export const getPhoneChange = async (db: Db, auth: AuthContext, id: string): Promise<PhoneChangeDetail> => {
  const request = await requestOf(db, auth.tenantId, id);
  const vehicles = (await vehiclesOf(db, auth.tenantId, request.customerId)).map(({ vehicle }) => ({
    plateNumber: vehicle.plateNumber,
    plateColour: vehicle.plateColour,
    state: vehicle.state,
  }));
  const stay = await stayOfOrderNo(db, auth.tenantId, request.orderNo);
  const order = stay
    ? {
        recordId: stay.recordId,
        plateNumber: stay.plateNumber,
        plateColour: stay.plateColour,
        lotName: stay.lotName ?? '',
        enteredAt: stay.enteredAt?.toISOString() ?? null,
        exitedAt: stay.exitedAt?.toISOString() ?? null,
        ownersPlate: stay.plateNumber !== '' && vehicles.some((v) => v.plateNumber === stay.plateNumber && v.plateColour === stay.plateColour),
      }
    : null;
  return { ...request, evidence: { order, vehicles } };
};

/** The stored 行驶证 photo of a request of the tenant: its file under DATA_DIR and content type. */
export const findPhoneChangePhoto = async (db: Db, auth: AuthContext, dataDir: string, id: string) => {
  const row = await findListedPhoneChange(db, auth.tenantId, id);
  if (!row) throw notFound(notFoundMessage);
  return vehicleAuthPhotoFile(dataDir, row.request.photoPath);
};

const taken = (phone: string) => conflict(`手机号 ${maskMobile(phone)} 已注册为其他车主，不能变更为该号码`, 'newPhone');
const openRequest = () => conflict('该车主已有待审核的手机号变更申请，请等待审核结果');

/** What filing needs before a code is sent or taken: the old number an owner's, the owner enabled, the new number free, no request open. */
const checkFiling = async (tx: Db, tenantId: string, oldPhone: string, newPhone: string) => {
  const owner = await ownerWithPhone(tx, tenantId, oldPhone);
  if (!owner) throw notFound('原手机号未注册为车主，请直接用新手机号登录');
  if (!owner.enabled) throw forbidden('该车主账号已停用，请联系停车场客服');
  if (await ownerWithPhone(tx, tenantId, newPhone)) throw taken(newPhone);
  if (await findOpenPhoneChange(tx, tenantId, owner.id)) throw openRequest();
  return owner;
};

/** 申请人工变更, step one: a code to the new number, for this pair of numbers. */
export const sendPhoneChangeCode = async (deps: OwnerSignInDeps, tenantCode: string, input: { oldPhone: string; newPhone: string }, now: Date): Promise<PhoneChangeCodeResult> => {
  const tenant = await activeTenant(deps.db, tenantCode);
  await withTenant(deps.db, tenant.id, (tx) => checkFiling(tx, tenant.id, input.oldPhone, input.newPhone));
  const sent = await issueSmsCode(deps, tenant, codeKey(input.oldPhone, input.newPhone), input.newPhone, now);
  return { sentTo: sent.sentTo, expiresIn: sent.expiresIn, resendIn: 60, demoHint: deps.demoHint, demoCode: deps.revealCodes ? sent.code : null };
};

/**
 * 申请人工变更, step two: with the new number's code, the request is filed with its evidence and staff
 * are told by a type 3 message. Nothing about the owner changes until it is approved. Wrong codes
 * wait as sign-in does; a refusal leaves no photo behind.
 */
export const submitPhoneChange = async (deps: OwnerSignInDeps, tenantCode: string, values: PhoneChangeSubmitValues, bytes: Buffer, dataDir: string, origin: OwnerOrigin, now: Date) => {
  const tenant = await activeTenant(deps.db, tenantCode);
  const photo = checkVehicleAuthPhoto(bytes);
  await withTenant(deps.db, tenant.id, (tx) => checkFiling(tx, tenant.id, values.oldPhone, values.newPhone));
  const throttle = await signInThrottle(deps.db, tenant.id, throttleKey(values.newPhone), origin.ip, now);
  refuseWhileWaiting(throttle, now);
  if (!(await checkSmsCode(deps.db, tenant.id, codeKey(values.oldPhone, values.newPhone), values.code, now))) {
    const failure = await recordFailure(deps.db, { tenantId: tenant.id, account: throttleKey(values.newPhone), ip: origin.ip }, throttle, '验证码错误或已过期', now);
    throw badRequest(failure.msg);
  }
  return filePhoneChangeRequest(deps.db, tenant.id, values, photo.bytes, dataDir, origin, now);
};

/**
 * Files a request whose new number was proven (the phone page checked its code): stores the photo,
 * writes the request, raises its type 3 message and logs it, in one transaction; a refusal leaves no
 * photo behind. The demo seeds its requests through this too.
 */
export const filePhoneChangeRequest = async (
  db: Db,
  tenantId: string,
  values: Pick<PhoneChangeSubmitValues, 'oldPhone' | 'newPhone' | 'orderNo'>,
  bytes: Buffer,
  dataDir: string,
  origin: OwnerOrigin,
  now: Date,
) => {
  const photoPath = await storeVehicleAuthPhoto(dataDir, tenantId, checkVehicleAuthPhoto(bytes));
  try {
    return await withTenant(db, tenantId, async (tx) => {
      const owner = await checkFiling(tx, tenantId, values.oldPhone, values.newPhone);
      const id = await insertPhoneChange(tx, {
        tenantId,
        customerId: owner.id,
        oldPhone: values.oldPhone,
        newPhone: values.newPhone,
        orderNo: values.orderNo,
        photoPath,
        ip: origin.ip,
        createdAt: now,
      }).catch((error: unknown) => {
        throw isUniqueViolation(error) ? openRequest() : error;
      });
      await raiseMessage(tx, {
        tenantId,
        messageName,
        messageText: `车主 ${maskMobile(values.oldPhone)} 原手机号已停用，申请变更为 ${maskMobile(values.newPhone)}，请审核`,
        messageType: messageTypes.carPhoneChange,
        businessId: id,
      });
      const created = await requestOf(tx, tenantId, id);
      const actor = { tenantId, userId: null, account: `车主 ${maskMobile(values.oldPhone)}`, ip: origin.ip, userAgent: origin.userAgent };
      await recordOperation(tx, actor, {
        module: 'customers',
        action: 'create',
        target: phoneChangeTarget,
        targetId: id,
        summary: `车主 ${maskMobile(values.oldPhone)} 申请手机号变更为 ${maskMobile(values.newPhone)}（原手机号已停用，人工审核）`,
        after: created,
      });
      return { id, newPhone: values.newPhone, createdAt: created.createdAt };
    });
  } catch (error) {
    await removeVehicleAuthPhoto(dataDir, photoPath);
    throw error;
  }
};

/** A request locked and still pending, or a clear refusal: a second reviewer waits on the lock, then is told it is decided. */
const pendingRequest = async (tx: Db, auth: AuthContext, id: string) => {
  const request = await lockPhoneChange(tx, auth.tenantId, id);
  if (!request) throw notFound(notFoundMessage);
  if (request.status !== 'pending') throw conflict(`该手机号变更申请已${phoneChangeStatusNames[request.status].replace('已', '')}，不能重复审核`);
  return request;
};

const decide = async (tx: Db, auth: AuthContext, request: PhoneChangeRow, values: Parameters<typeof decidePhoneChange>[3], now: Date) => {
  if (!(await decidePhoneChange(tx, auth.tenantId, request.id, values))) throw conflict('该手机号变更申请已被其他人审核，不能重复审核');
  await markMessagesHandled(tx, auth.tenantId, messageTypes.carPhoneChange, request.id, now);
};

const logDecision = async (tx: Db, auth: AuthContext, before: PhoneChangeRequest, verb: string) => {
  const after = await requestOf(tx, auth.tenantId, before.id);
  await recordOperation(tx, auth, {
    module: 'customers',
    action: 'update',
    target: phoneChangeTarget,
    targetId: before.id,
    summary: `${verb}车主 ${maskMobile(before.oldPhone)} 的手机号变更申请（新手机号 ${maskMobile(before.newPhone)}）${after.rejectReason ? `：${after.rejectReason}` : ''}`,
    before,
    after,
  });
  return after;
};

/**
 * 通过: the owner's number becomes the new one, every session of theirs ends (they sign in again with
 * the new number), and their vehicles, stays and arrears stay theirs. A number that became another
 * owner's meanwhile, or an owner whose number changed meanwhile, is refused: the reviewer rejects.
 */
export const approvePhoneChange = (db: Db, auth: AuthContext, id: string, now: Date) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const request = await pendingRequest(tx, auth, id);
    const before = await requestOf(tx, auth.tenantId, id);
    const owner = await lockCustomer(tx, auth.tenantId, request.customerId);
    if (!owner) throw notFound('车主不存在');
    if (owner.phone !== request.oldPhone) throw conflict(`车主手机号已变更为 ${maskMobile(owner.phone)}，无法通过，请驳回`);
    const holder = await customerWithPhone(tx, auth.tenantId, request.newPhone);
    if (holder && holder.id !== owner.id) throw conflict(`手机号 ${maskMobile(request.newPhone)} 已注册为其他车主，无法通过，请驳回`);
    await setOwnerPhone(tx, auth.tenantId, owner.id, request.newPhone).catch((error: unknown) => {
      throw isUniqueViolation(error) ? conflict(`手机号 ${maskMobile(request.newPhone)} 已注册为其他车主，无法通过，请驳回`) : error;
    });
    await endOwnerSessionsForPhoneChange(tx, auth.tenantId, owner.id);
    await decide(tx, auth, request, { status: 'approved', decidedBy: auth.userId, decidedAt: now, rejectReason: '' }, now);
    await insertCustomerNotice(tx, {
      tenantId: auth.tenantId,
      customerId: owner.id,
      title: '手机号变更通过',
      content: `您的手机号已由 ${maskMobile(request.oldPhone)} 变更为 ${maskMobile(request.newPhone)}，车辆、停车记录与欠费保持不变`,
      businessId: request.id,
      createdAt: now,
    });
    return logDecision(tx, auth, before, '通过');
  });

/** 驳回 with its reason: nothing about the owner changes. */
export const rejectPhoneChange = (db: Db, auth: AuthContext, id: string, input: PhoneChangeRejectValues, now: Date) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const request = await pendingRequest(tx, auth, id);
    const before = await requestOf(tx, auth.tenantId, id);
    await decide(tx, auth, request, { status: 'rejected', decidedBy: auth.userId, decidedAt: now, rejectReason: input.reason }, now);
    await insertCustomerNotice(tx, {
      tenantId: auth.tenantId,
      customerId: request.customerId,
      title: '手机号变更未通过',
      content: `将手机号变更为 ${maskMobile(request.newPhone)} 的申请未通过：${input.reason}`,
      businessId: request.id,
      createdAt: now,
    });
    return logDecision(tx, auth, before, '驳回');
  });

/**
 * One pass at `now`: the 行驶证 photos of requests decided `keepDays` days ago or more are removed from
 * disk, and their requests say when. Every tenant's; at most `limit` a pass.
 */
export const removeDecidedPhoneChangePhotos = async (db: Db, dataDir: string, now: Date, keepDays: number, limit = 500) => {
  const due = await phoneChangePhotosDue(db, new Date(now.getTime() - keepDays * DAY_MS), limit);
  for (const { id, photoPath } of due) {
    if (photoPath) await removeVehicleAuthPhoto(dataDir, photoPath);
    await markPhoneChangePhotoRemoved(db, id, now);
  }
  return { removed: due.length };
};

/** Removes decided requests' photos every `intervalMs` (0 turns it off), `keepDays` after the decision, as 车辆认证审核's are. */
export const phoneChangePhotoJob = (db: Db, dataDir: string, keepDays: number, intervalMs: number, clock: () => Date = () => new Date()) =>
  scheduledJob({
    name: 'phone-change-photos',
    intervalMs,
    pass: () => removeDecidedPhoneChangePhotos(db, dataDir, clock(), keepDays),
    messages: {
      done: 'photos of decided phone change requests removed',
      failed: 'phone change photo cleanup failed',
      worthTelling: (result) => result.removed > 0,
    },
  });
