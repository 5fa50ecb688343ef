import {
  claimedVehicleStates,
  maskMobile,
  maxVehiclesPerCustomer,
  messageTypes,
  vehicleAuthKindNames,
  vehicleAuthStatusNames,
  vehicleBindingStateNames,
  type VehicleAuthListValues,
  type VehicleAuthRejectValues,
  type VehicleAuthRequest,
  type VehicleAuthSubmitValues,
  businessDayStart,
} from '@parking/contract';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/sql-error.js';
import { conflict, notFound } from '../../plugins/app-error.js';
import { pageAnswer, splitPage } from '../../shared/paging.js';
import { scheduledJob } from '../../shared/periodic-job.js';
import type { AuthContext } from '../../types.js';
import { markMessagesHandled, raiseMessage } from '../messages/index.js';
import { recordOperation } from '../system/index.js';
import { boundVehicleCount, findCustomer, findVehicle, insertVehicle, lockCustomer, plateHolders } from './customer.repository.js';
import { checkVehicleAuthPhoto, removeVehicleAuthPhoto, storeVehicleAuthPhoto, vehicleAuthPhotoFile } from './vehicle-auth.photo.js';
import {
  decideVehicleAuth,
  findListedVehicleAuth,
  findOpenVehicleAuth,
  insertCustomerNotice,
  insertVehicleAuth,
  lockVehicleAuth,
  lockVehicleAuths,
  lockVehicleRow,
  markPhotoRemoved,
  noticesOfCustomer,
  pageVehicleAuths,
  photosDue,
  setVehicleState,
  type ListedVehicleAuthRow,
  type VehicleAuthRow,
} from './vehicle-auth.repository.js';

export const vehicleAuthTarget = 'vehicleAuth';
const vehicleAuthMessageName = '车辆认证审核';
const notFoundMessage = '认证申请不存在';
const DAY_MS = 24 * 3600_000;
/** The first moment of a Shanghai day: '2026-11-20' → 2026-11-19T16:00:00Z. */

/** Who acted, for the operation log: a staff member, or the owner on the phone pages. */
type Actor = Pick<AuthContext, 'tenantId' | 'account' | 'ip' | 'userAgent'> & { userId: string | null };
const ownerActor = (tenantId: string, phone: string): Actor => ({ tenantId, userId: null, account: `车主 ${maskMobile(phone)}`, ip: '', userAgent: '车主手机端' });

const toVehicleAuth = ({ request: r, customerPhone, customerNickname, vehicleState, holderPhone, submittedByName, decidedByName }: ListedVehicleAuthRow): VehicleAuthRequest => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  customerId: r.customerId,
  customerPhone,
  customerNickname,
  vehicleId: r.vehicleId,
  vehicleState,
  plateNumber: r.plateNumber,
  plateColour: r.plateColour,
  holderCustomerId: r.holderCustomerId,
  holderPhone,
  hasPhoto: r.photoPath !== null,
  photoRemovedAt: r.photoRemovedAt?.toISOString() ?? null,
  // a request of the owner's own has no submitter; a staff member who left is still "staff"
  submittedByName: r.submittedBy ? (submittedByName ?? '') : null,
  rejectReason: r.rejectReason,
  decidedByName,
  decidedAt: r.decidedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

export const listVehicleAuths = async (db: Db, auth: AuthContext, query: VehicleAuthListValues) => {
  const { page, filter } = splitPage(query);
  const { createdFrom, createdTo, ...rest } = filter;
  const { rows, total } = await pageVehicleAuths(
    db,
    auth.tenantId,
    {
      ...rest,
      ...(createdFrom ? { createdSince: businessDayStart(createdFrom) } : {}),
      ...(createdTo ? { createdUntil: new Date(businessDayStart(createdTo).getTime() + DAY_MS) } : {}),
    },
    page,
  );
  return pageAnswer(rows, page, total, toVehicleAuth);
};

const requestOf = async (db: Db, tenantId: string, id: string) => {
  const row = await findListedVehicleAuth(db, tenantId, id);
  if (!row) throw notFound(notFoundMessage);
  return toVehicleAuth(row);
};

export const getVehicleAuth = (db: Db, auth: AuthContext, id: string) => requestOf(db, auth.tenantId, id);

/** The stored 行驶证 photo of a request of the tenant: its file under DATA_DIR and content type. */
export const findVehicleAuthPhoto = async (db: Db, auth: AuthContext, dataDir: string, id: string) => {
  const row = await findListedVehicleAuth(db, auth.tenantId, id);
  if (!row) throw notFound(notFoundMessage);
  return vehicleAuthPhotoFile(dataDir, row.request.photoPath);
};

/** Tells an owner something on their phone pages (their notices). */
const tellOwner = (db: Db, tenantId: string, customerId: string, title: string, content: string, businessId: string, at: Date) =>
  insertCustomerNotice(db, { tenantId, customerId, title, content, businessId, createdAt: at });

/** An owner's notices, newest first: what the phone pages show them (decisions on their requests, a plate moved away). */
export const customerNotices = async (db: Db, tenantId: string, customerId: string, limit = 50) =>
  (await noticesOfCustomer(db, tenantId, customerId, limit)).map((n) => ({
    id: n.id,
    title: n.title,
    content: n.content,
    businessId: n.businessId,
    createdAt: n.createdAt.toISOString(),
    readAt: n.readAt?.toISOString() ?? null,
  }));

export interface SubmitVehicleAuthentication {
  tenantId: string;
  customerId: string;
  vehicleId: string;
  /** the 行驶证 photo's bytes, as uploaded */
  photo: Buffer;
  /** where photos are stored (the app's DATA_DIR) */
  dataDir: string;
  now: Date;
  /** staff submitting on the owner's behalf (后台录入); the owner when absent */
  staff?: AuthContext;
}

export interface SubmitVehicleClaim extends Omit<SubmitVehicleAuthentication, 'vehicleId'> {
  plateNumber: string;
  plateColour: number;
}

/**
 * Stores the photo, then runs `write` with its path in one transaction; the photo is removed again
 * when the transaction is refused, so a refusal leaves nothing behind.
 */
const withStoredPhoto = async <T>(input: Pick<SubmitVehicleAuthentication, 'photo' | 'dataDir' | 'tenantId'>, write: (photoPath: string) => Promise<T>) => {
  const photo = checkVehicleAuthPhoto(input.photo);
  const photoPath = await storeVehicleAuthPhoto(input.dataDir, input.tenantId, photo);
  try {
    return await write(photoPath);
  } catch (error) {
    await removeVehicleAuthPhoto(input.dataDir, photoPath);
    throw error;
  }
};

/** Raises the type 2 message of a new request and logs it; answers the request as listed. */
const announce = async (tx: Db, actor: Actor, id: string, text: string) => {
  await raiseMessage(tx, { tenantId: actor.tenantId, messageName: vehicleAuthMessageName, messageText: text, messageType: messageTypes.carAuthentication, businessId: id });
  const created = await requestOf(tx, actor.tenantId, id);
  await recordOperation(tx, actor, {
    module: 'customers',
    action: 'create',
    target: vehicleAuthTarget,
    targetId: id,
    summary: `提交车辆「${created.plateNumber}」${vehicleAuthKindNames[created.kind]}申请（车主 ${maskMobile(created.customerPhone)}）`,
    after: created,
  });
  return created;
};

const openRequestMessage = (plate: string) => `车辆「${plate}」已有待审核的认证申请，请等待审核结果`;

/**
 * 认证: the owner's vehicle, 未认证 or 认证失败, goes 认证中 with its 行驶证 photo, and staff are told by
 * a type 2 message. The phone pages call this for the signed-in owner; staff through 后台录入. Another
 * owner's vehicle is as good as absent; a plate another owner has 认证中 or 已认证 is refused, and the
 * owner may file a claim (submitVehicleClaim) instead.
 */
export const submitVehicleAuthentication = (db: Db, input: SubmitVehicleAuthentication): Promise<VehicleAuthRequest> =>
  withStoredPhoto(input, (photoPath) =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const { tenantId, customerId, vehicleId, now } = input;
      const owner = await lockCustomer(tx, tenantId, customerId);
      if (!owner) throw notFound('车主不存在');
      const vehicle = await lockVehicleRow(tx, tenantId, vehicleId);
      if (vehicle?.customerId !== owner.id) throw notFound('车辆不存在');
      const plate = vehicle.plateNumber;
      if (vehicle.state === 'verifying') throw conflict(openRequestMessage(plate));
      if (vehicle.state === 'verified') throw conflict(`车辆「${plate}」已认证，无需再次认证`);
      if (vehicle.state === 'unbound') throw conflict(`车辆「${plate}」已解绑，请重新绑定后再认证`);
      const holders = await plateHolders(tx, tenantId, plate, vehicle.plateColour, claimedVehicleStates);
      if (holders.some((h) => h.customerId !== owner.id)) throw conflict(`车辆「${plate}」已被其他车主认证，如车辆归您所有，请提交过户申诉`);
      await setVehicleState(tx, tenantId, vehicle.id, 'verifying').catch((error: unknown) => {
        throw isUniqueViolation(error) ? conflict(`车辆「${plate}」已被其他车主认证，如车辆归您所有，请提交过户申诉`) : error;
      });
      const id = await insertVehicleAuth(tx, {
        tenantId,
        kind: 'verify',
        customerId: owner.id,
        vehicleId: vehicle.id,
        plateNumber: plate,
        plateColour: vehicle.plateColour,
        photoPath,
        submittedBy: input.staff?.userId ?? null,
        createdAt: now,
      });
      const actor = input.staff ?? ownerActor(tenantId, owner.phone);
      return announce(tx, actor, id, `车主 ${maskMobile(owner.phone)} 提交车辆「${plate}」认证申请，请审核行驶证`);
    }),
  );

/**
 * 过户申诉: an owner claims a plate another owner has 认证中 or 已认证, with their own 行驶证 photo. Nothing
 * moves until staff approve it; the current holder keeps the plate meanwhile.
 */
export const submitVehicleClaim = (db: Db, input: SubmitVehicleClaim): Promise<VehicleAuthRequest> =>
  withStoredPhoto(input, (photoPath) =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const { tenantId, customerId, plateNumber, plateColour, now } = input;
      const owner = await lockCustomer(tx, tenantId, customerId);
      if (!owner) throw notFound('车主不存在');
      const claimed = await plateHolders(tx, tenantId, plateNumber, plateColour, claimedVehicleStates);
      const holder = claimed.find((h) => h.customerId !== owner.id);
      if (claimed.some((h) => h.customerId === owner.id)) throw conflict(`车辆「${plateNumber}」已由该车主认证或正在认证，无需过户申诉`);
      if (!holder) throw conflict(`车辆「${plateNumber}」未被其他车主认证，无需过户申诉，请直接绑定并提交认证`);
      if (await findOpenVehicleAuth(tx, tenantId, owner.id, plateNumber, plateColour)) throw conflict(openRequestMessage(plateNumber));
      const own = await plateHolders(tx, tenantId, plateNumber, plateColour, ['unverified', 'failed']);
      const mine = own.find((h) => h.customerId === owner.id);
      if (!mine && (await boundVehicleCount(tx, tenantId, owner.id)) >= maxVehiclesPerCustomer) {
        throw conflict(`每位车主最多绑定${maxVehiclesPerCustomer}辆车，请先解绑其他车辆`, 'customerId');
      }
      const holderRow = await findCustomer(tx, tenantId, holder.customerId);
      const id = await insertVehicleAuth(tx, {
        tenantId,
        kind: 'claim',
        customerId: owner.id,
        vehicleId: mine?.id ?? null,
        plateNumber,
        plateColour,
        holderCustomerId: holder.customerId,
        holderVehicleId: holder.id,
        photoPath,
        submittedBy: input.staff?.userId ?? null,
        createdAt: now,
      }).catch((error: unknown) => {
        throw isUniqueViolation(error) ? conflict(openRequestMessage(plateNumber)) : error;
      });
      const actor = input.staff ?? ownerActor(tenantId, owner.phone);
      const holderPhone = holderRow ? maskMobile(holderRow.customer.phone) : '其他车主';
      return announce(tx, actor, id, `车主 ${maskMobile(owner.phone)} 对车辆「${plateNumber}」提交过户申诉（现由 ${holderPhone} 认证），请审核行驶证`);
    }),
  );

/** 后台录入: staff submit an owner's request with the photo they were given. */
export const submitVehicleAuthByStaff = (db: Db, auth: AuthContext, values: VehicleAuthSubmitValues, photo: Buffer, dataDir: string, now: Date) =>
  values.kind === 'verify'
    ? (async () => {
        // the vehicle names its owner: staff pick a vehicle, not an owner
        const vehicle = await findVehicle(db, auth.tenantId, values.vehicleId);
        if (!vehicle) throw notFound('车辆不存在');
        return submitVehicleAuthentication(db, { tenantId: auth.tenantId, customerId: vehicle.vehicle.customerId, vehicleId: vehicle.vehicle.id, photo, dataDir, now, staff: auth });
      })()
    : submitVehicleClaim(db, { tenantId: auth.tenantId, customerId: values.customerId, plateNumber: values.plateNumber, plateColour: values.plateColour, photo, dataDir, now, staff: auth });

/** A request locked and still pending, or a clear refusal: a second reviewer waits on the lock, then is told it is decided. */
const pendingRequest = async (tx: Db, auth: AuthContext, id: string) => {
  const request = await lockVehicleAuth(tx, auth.tenantId, id);
  if (!request) throw notFound(notFoundMessage);
  if (request.status !== 'pending') throw conflict(`该认证申请已${vehicleAuthStatusNames[request.status].replace('已', '')}，不能重复审核`);
  return request;
};

const decide = async (tx: Db, auth: AuthContext, request: VehicleAuthRow, values: Parameters<typeof decideVehicleAuth>[3], now: Date) => {
  if (!(await decideVehicleAuth(tx, auth.tenantId, request.id, values))) throw conflict('该认证申请已被其他人审核，不能重复审核');
  await markMessagesHandled(tx, auth.tenantId, messageTypes.carAuthentication, request.id, now);
};

const claimedBy = (plate: string) => `车辆「${plate}」现由其他车主认证，无法通过，请驳回后由车主重新提交过户申诉`;

/** 通过 a 认证: the vehicle, still 认证中, is 已认证. */
const approveVerify = async (tx: Db, auth: AuthContext, request: VehicleAuthRow, now: Date) => {
  const vehicle = request.vehicleId ? await lockVehicleRow(tx, auth.tenantId, request.vehicleId) : undefined;
  if (vehicle?.state !== 'verifying') {
    throw conflict(`车辆「${request.plateNumber}」已不在认证中（当前${vehicle ? vehicleBindingStateNames[vehicle.state] : '已删除'}），无法通过，请驳回`);
  }
  await setVehicleState(tx, auth.tenantId, vehicle.id, 'verified');
  await decide(tx, auth, request, { status: 'approved', decidedBy: auth.userId, decidedAt: now, rejectReason: '' }, now);
  await tellOwner(tx, auth.tenantId, request.customerId, '车辆认证通过', `您的车辆「${request.plateNumber}」已认证通过`, request.id, now);
};

/**
 * 通过 a 过户申诉, in the one transaction of the decision: the holder's vehicle is 已解绑 (and told why), the
 * claimant's is 已认证 (their own row of the plate if they had one, else a new one), and a pending 认证 of
 * the holder on that plate is closed as rejected. A plate now held by a third owner is refused.
 */
const approveClaim = async (tx: Db, auth: AuthContext, request: VehicleAuthRow, now: Date) => {
  const { tenantId } = auth;
  const plate = request.plateNumber;
  const claimant = await lockCustomer(tx, tenantId, request.customerId);
  if (!claimant) throw notFound('车主不存在');
  const claimed = await plateHolders(tx, tenantId, plate, request.plateColour, claimedVehicleStates);
  const holders = claimed.filter((h) => h.customerId !== claimant.id);
  if (claimed.some((h) => h.customerId === claimant.id)) throw conflict(`车辆「${plate}」已由申诉车主认证，请驳回该申诉`);
  if (holders.some((h) => h.id !== request.holderVehicleId)) throw conflict(claimedBy(plate));
  for (const h of holders) {
    await lockVehicleRow(tx, tenantId, h.id);
    await setVehicleState(tx, tenantId, h.id, 'unbound', now);
    // the holder's own pending 认证 of this plate ends with the claim
    const open = await findOpenVehicleAuth(tx, tenantId, h.customerId, plate, request.plateColour);
    if (open) {
      const theirs = await lockVehicleAuth(tx, tenantId, open.id);
      if (theirs) {
        await decide(tx, auth, theirs, { status: 'rejected', decidedBy: auth.userId, decidedAt: now, rejectReason: '该车辆已由其他车主过户申诉认证' }, now);
      }
    }
    await tellOwner(tx, tenantId, h.customerId, '车辆已解绑', `车辆「${plate}」经其他车主过户申诉，审核确认归其所有，已从您的账号解绑。如有疑问请联系客服`, request.id, now);
  }
  let vehicleId = request.vehicleId;
  const mine = vehicleId ? await lockVehicleRow(tx, tenantId, vehicleId) : undefined;
  if (mine && mine.state !== 'unbound') {
    await setVehicleState(tx, tenantId, mine.id, 'verified');
  } else {
    if ((await boundVehicleCount(tx, tenantId, claimant.id)) >= maxVehiclesPerCustomer) {
      throw conflict(`申诉车主已绑定${maxVehiclesPerCustomer}辆车，无法再绑定该车辆，请驳回或待车主解绑其他车辆后再通过`);
    }
    vehicleId = await insertVehicle(tx, tenantId, { customerId: claimant.id, plateNumber: plate, plateColour: request.plateColour, state: 'verified', boundAt: now });
  }
  await decide(tx, auth, request, { status: 'approved', decidedBy: auth.userId, decidedAt: now, rejectReason: '', vehicleId: vehicleId! }, now);
  await tellOwner(tx, tenantId, claimant.id, '过户申诉通过', `您对车辆「${plate}」的过户申诉已通过，车辆已绑定到您的账号并认证`, request.id, now);
};

const logDecision = async (tx: Db, auth: AuthContext, before: VehicleAuthRequest, verb: string) => {
  const after = await requestOf(tx, auth.tenantId, before.id);
  const holder = before.kind === 'claim' && before.holderPhone ? `，原车主 ${maskMobile(before.holderPhone)}` : '';
  await recordOperation(tx, auth, {
    module: 'customers',
    action: 'update',
    target: vehicleAuthTarget,
    targetId: before.id,
    summary: `${verb}车辆「${before.plateNumber}」${vehicleAuthKindNames[before.kind]}申请（车主 ${maskMobile(before.customerPhone)}${holder}）${after.rejectReason ? `：${after.rejectReason}` : ''}`,
    before,
    after,
  });
  return after;
};

const approveOne = async (tx: Db, auth: AuthContext, request: VehicleAuthRow, now: Date) => {
  const before = await requestOf(tx, auth.tenantId, request.id);
  if (request.kind === 'claim') await approveClaim(tx, auth, request, now);
  else await approveVerify(tx, auth, request, now);
  return logDecision(tx, auth, before, '通过');
};

/** 通过 one request at `now` (the app's clock); its message leaves the count. */
export const approveVehicleAuth = (db: Db, auth: AuthContext, id: string, now: Date) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    return approveOne(tx, auth, await pendingRequest(tx, auth, id), now);
  });

/** 驳回 with its reason: a 认证's vehicle, still 认证中, is 认证失败; a claim leaves the holder untouched. */
export const rejectVehicleAuth = (db: Db, auth: AuthContext, id: string, input: VehicleAuthRejectValues, now: Date) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const request = await pendingRequest(tx, auth, id);
    const before = await requestOf(tx, auth.tenantId, id);
    if (request.kind === 'verify' && request.vehicleId) {
      const vehicle = await lockVehicleRow(tx, auth.tenantId, request.vehicleId);
      if (vehicle?.state === 'verifying') await setVehicleState(tx, auth.tenantId, vehicle.id, 'failed');
    }
    await decide(tx, auth, request, { status: 'rejected', decidedBy: auth.userId, decidedAt: now, rejectReason: input.reason }, now);
    const what = request.kind === 'claim' ? '过户申诉' : '认证';
    await tellOwner(tx, auth.tenantId, request.customerId, `车辆${what}未通过`, `您的车辆「${request.plateNumber}」${what}未通过：${input.reason}`, request.id, now);
    return logDecision(tx, auth, before, '驳回');
  });

/**
 * 批量通过: all or nothing. Every chosen request is locked (in one order, so two batches never deadlock);
 * an unknown one, or one not 待审核, refuses the whole batch before anything changes.
 */
export const batchApproveVehicleAuths = (db: Db, auth: AuthContext, ids: readonly string[], now: Date) =>
  db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const unique = [...new Set(ids)];
    const rows = await lockVehicleAuths(tx, auth.tenantId, unique);
    if (rows.length !== unique.length) throw notFound('所选认证申请中有不存在的申请，请刷新后重新选择');
    const decided = rows.filter((r) => r.status !== 'pending');
    if (decided.length) {
      const plates = decided.map((r) => `「${r.plateNumber}」`).join('、');
      throw conflict(`所选申请中车辆${plates}的申请已审核，本次未通过任何申请，请刷新后重新选择`);
    }
    const approved: VehicleAuthRequest[] = [];
    // in the order chosen, as the reviewer saw them
    for (const id of unique)
      approved.push(
        await approveOne(
          tx,
          auth,
          rows.find((r) => r.id === id)!,
          now,
        ),
      );
    return approved;
  });

/**
 * One pass at `now`: the photos of requests decided `keepDays` days ago or more are removed from disk,
 * and their requests say when. Every tenant's; at most `limit` a pass.
 */
export const removeDecidedPhotos = async (db: Db, dataDir: string, now: Date, keepDays: number, limit = 500) => {
  const due = await photosDue(db, new Date(now.getTime() - keepDays * DAY_MS), limit);
  for (const { id, photoPath } of due) {
    if (photoPath) await removeVehicleAuthPhoto(dataDir, photoPath);
    await markPhotoRemoved(db, id, now);
  }
  return { removed: due.length };
};

/** Removes decided requests' photos every `intervalMs` (0 turns it off), `keepDays` after the decision. */
export const vehicleAuthPhotoJob = (db: Db, dataDir: string, keepDays: number, intervalMs: number, clock: () => Date = () => new Date()) =>
  scheduledJob({
    name: 'vehicle-auth-photos',
    intervalMs,
    pass: () => removeDecidedPhotos(db, dataDir, clock(), keepDays),
    messages: {
      done: 'photos of decided vehicle authentication requests removed',
      failed: 'vehicle authentication photo cleanup failed',
      worthTelling: (result) => result.removed > 0,
    },
  });
