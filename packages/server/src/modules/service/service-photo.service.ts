import { appealPhotoMessages, complaintPhotoMessages, maskMobile, servicePhotoLimit, staffComplaintChannels, type ServicePhoto, type ServicePhotoAuthor } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-scope.js';
import { badRequest, conflict, notFound } from '../../plugins/app-error.js';
import { checkPrivatePhoto, privatePhotoFile, removePrivatePhoto, storePrivatePhoto } from '../../shared/private-photo.js';
import type { AuthContext } from '../../types.js';
import type { OwnerContext } from '../customers/index.js';
import { verifyRecordToken } from '../parking/index.js';
import { findTenant, recordOperation } from '../system/index.js';
import { findListedAppeal, lockAppeal } from './appeal.repository.js';
import { findListedComplaint, lockComplaint, type ComplaintRow } from './complaint.repository.js';
import { countPhotos, deletePhoto, findPhoto, insertPhoto, photosOf, type PhotoOwner, type ServicePhotoRow } from './service-photo.repository.js';

type Origin = { ip: string; userAgent: string };
type Actor = Pick<AuthContext, 'tenantId' | 'account' | 'ip' | 'userAgent'> & { userId: string | null };
type Messages = typeof complaintPhotoMessages | typeof appealPhotoMessages;

/** Everything a photo change needs to know of its item, its party and where files lie. */
interface PhotoChange {
  tenantId: string;
  item: PhotoOwner;
  /** complaints | appeals: the folder under DATA_DIR/photos/<tenant>/ */
  folder: 'complaints' | 'appeals';
  messages: Messages;
  addedBy: ServicePhotoAuthor;
  actor: Actor;
  dataDir: string;
  /** the log's target and how it names the item ('投诉（138****0000）') */
  target: 'complaint' | 'appeal';
  targetId: string;
  label: string;
}

const toServicePhoto = (row: ServicePhotoRow): ServicePhoto => ({ id: row.id, addedBy: row.addedBy, createdAt: row.createdAt.toISOString() });

/** The item's photos as the console and the phone pages list them, oldest first. */
export const servicePhotosOf = async (db: Db, tenantId: string, item: PhotoOwner) => (await photosOf(db, tenantId, item)).map(toServicePhoto);

const partyNames: Readonly<Record<ServicePhotoAuthor, string>> = { staff: '员工', owner: '车主', driver: '车主（订单页面）' };

/**
 * Adds one photo to an item already locked and open: judged by its bytes, refused past the limit,
 * stored, kept in the database and logged. The file goes again if anything after it fails.
 */
const addPhoto = async (db: Db, change: PhotoChange, bytes: Buffer, now: Date) => {
  const photo = checkPrivatePhoto(bytes, change.messages);
  if ((await countPhotos(db, change.tenantId, change.item)) >= servicePhotoLimit) throw badRequest(change.messages.full);
  const path = await storePrivatePhoto(change.dataDir, change.tenantId, change.folder, photo);
  try {
    const id = await insertPhoto(db, { tenantId: change.tenantId, ...change.item, path, addedBy: change.addedBy, userId: change.actor.userId, createdAt: now });
    const photos = await servicePhotosOf(db, change.tenantId, change.item);
    await recordOperation(db, change.actor, {
      module: 'service',
      action: 'update',
      target: change.target,
      targetId: change.targetId,
      summary: `${partyNames[change.addedBy]}为${change.label}添加照片（共 ${photos.length} 张）`,
      after: { photoId: id, photos: photos.length },
    });
    return photos;
  } catch (error) {
    await removePrivatePhoto(change.dataDir, path);
    throw error;
  }
};

/** Removes a photo the same party added, from an item already locked and open. */
const removePhoto = async (db: Db, change: PhotoChange, photoId: string) => {
  const row = await findPhoto(db, change.tenantId, change.item, photoId);
  if (!row) throw notFound(change.messages.missing);
  if (row.addedBy !== change.addedBy) throw conflict(change.messages.notYours);
  await deletePhoto(db, change.tenantId, photoId);
  const photos = await servicePhotosOf(db, change.tenantId, change.item);
  await recordOperation(db, change.actor, {
    module: 'service',
    action: 'update',
    target: change.target,
    targetId: change.targetId,
    summary: `${partyNames[change.addedBy]}删除${change.label}的照片（余 ${photos.length} 张）`,
    before: { photoId, photos: photos.length + 1 },
  });
  await removePrivatePhoto(change.dataDir, row.path);
  return photos;
};

/** One photo's file, when the item is one the asker may see; otherwise as if it never was. */
const photoFile = async (db: Db, tenantId: string, item: PhotoOwner, photoId: string, dataDir: string, missing: string) => {
  const row = await findPhoto(db, tenantId, item, photoId);
  if (!row) throw notFound(missing);
  return privatePhotoFile(dataDir, row.path, missing);
};

// ---- complaints

const complaintNotFound = '投诉不存在';

/** The complaint locked and not yet 已完成, when `mine` says the party may change its photos; otherwise as if absent. */
const openComplaintFor = async (db: Db, tenantId: string, id: string, mine: (row: ComplaintRow) => boolean) => {
  const row = await lockComplaint(db, tenantId, id);
  if (!row || !mine(row)) throw notFound(complaintNotFound);
  if (row.status === 'done') throw conflict(complaintPhotoMessages.closed);
  return row;
};

const complaintChange = (row: ComplaintRow, addedBy: ServicePhotoAuthor, actor: Actor, dataDir: string): PhotoChange => ({
  tenantId: row.tenantId,
  item: { complaintId: row.id },
  folder: 'complaints',
  messages: complaintPhotoMessages,
  addedBy,
  actor,
  dataDir,
  target: 'complaint',
  targetId: row.id,
  label: `投诉（${maskMobile(row.contactPhone)}）`,
});

/** staff add photos to the complaints they enter; the owner's and the order page's own filings carry the driver's photos */
const enteredByStaff = (row: ComplaintRow) => (staffComplaintChannels as readonly string[]).includes(row.channel);
const refuseOwnerFiling = (row: ComplaintRow) => {
  if (!enteredByStaff(row)) throw conflict('车主提交的投诉由车主上传照片，后台不能添加或删除');
};

export const addComplaintPhotoByStaff = async (db: Db, auth: AuthContext, id: string, bytes: Buffer, dataDir: string, now: Date) => {
  const row = await openComplaintFor(db, auth.tenantId, id, () => true);
  refuseOwnerFiling(row);
  return addPhoto(db, complaintChange(row, 'staff', auth, dataDir), bytes, now);
};

export const removeComplaintPhotoByStaff = async (db: Db, auth: AuthContext, id: string, photoId: string, dataDir: string) => {
  const row = await openComplaintFor(db, auth.tenantId, id, () => true);
  refuseOwnerFiling(row);
  return removePhoto(db, complaintChange(row, 'staff', auth, dataDir), photoId);
};

/** Staff of the page see every photo of the tenant's complaints. */
export const complaintPhotoForStaff = (db: Db, auth: AuthContext, id: string, photoId: string, dataDir: string) =>
  photoFile(db, auth.tenantId, { complaintId: id }, photoId, dataDir, complaintPhotoMessages.missing);

const ownerActor = (owner: OwnerContext, origin: Origin): Actor => ({ tenantId: owner.tenantId, userId: null, account: `车主 ${maskMobile(owner.phone)}`, ...origin });
const ownersComplaint = (owner: OwnerContext) => (row: ComplaintRow) => row.customerId === owner.customerId;

export const addComplaintPhotoByOwner = async (db: Db, owner: OwnerContext, id: string, bytes: Buffer, dataDir: string, origin: Origin, now: Date) => {
  const row = await openComplaintFor(db, owner.tenantId, id, ownersComplaint(owner));
  return addPhoto(db, complaintChange(row, 'owner', ownerActor(owner, origin), dataDir), bytes, now);
};

export const removeComplaintPhotoByOwner = async (db: Db, owner: OwnerContext, id: string, photoId: string, dataDir: string, origin: Origin) => {
  const row = await openComplaintFor(db, owner.tenantId, id, ownersComplaint(owner));
  return removePhoto(db, complaintChange(row, 'owner', ownerActor(owner, origin), dataDir), photoId);
};

/** The owner sees the photos of their own complaints; another owner's are as good as absent. */
export const complaintPhotoForOwner = async (db: Db, owner: OwnerContext, id: string, photoId: string, dataDir: string) => {
  const row = (await findListedComplaint(db, owner.tenantId, id))?.complaint;
  if (row?.customerId !== owner.customerId) throw notFound(complaintPhotoMessages.missing);
  return photoFile(db, owner.tenantId, { complaintId: id }, photoId, dataDir, complaintPhotoMessages.missing);
};

/**
 * The order page's driver changes the photos of the complaint they filed there: the record token must
 * still name the complaint's stay, and the complaint's id is only ever answered to its filing.
 */
const withRecordComplaint = async <T>(db: Db, secret: string, o: string, id: string, now: Date, work: (tx: Db, row: ComplaintRow) => Promise<T>) => {
  const check = verifyRecordToken(secret, o, now);
  if (!check.ok) throw badRequest(check.reason === 'expired' ? '订单二维码已过期，请重新扫码' : '二维码无效或已被篡改，请重新扫码');
  const { tenant: tenantId, id: recordId } = check.payload;
  const tenant = await findTenant(db, tenantId);
  if (!tenant?.enabled) throw badRequest('二维码无效或已被篡改，请重新扫码');
  return withTenant(db, tenantId, async (tx) => {
    const row = await openComplaintFor(tx, tenantId, id, (c) => c.recordId === recordId && c.channel === 'owner_page' && c.createdBy === null);
    return work(tx, row);
  });
};

const driverActor = (row: ComplaintRow, origin: Origin): Actor => ({ tenantId: row.tenantId, userId: null, account: `车主 ${maskMobile(row.contactPhone)}`, ...origin });

export const addComplaintPhotoByRecord = (db: Db, secret: string, o: string, id: string, bytes: Buffer, dataDir: string, origin: Origin, now: Date) =>
  withRecordComplaint(db, secret, o, id, now, (tx, row) => addPhoto(tx, complaintChange(row, 'driver', driverActor(row, origin), dataDir), bytes, now));

export const removeComplaintPhotoByRecord = (db: Db, secret: string, o: string, id: string, photoId: string, dataDir: string, origin: Origin, now: Date) =>
  withRecordComplaint(db, secret, o, id, now, (tx, row) => removePhoto(tx, complaintChange(row, 'driver', driverActor(row, origin), dataDir), photoId));

// ---- appeals

const appealNotFound = '申诉不存在';

/** The owner's own appeal, locked and still 待审核; another owner's is as good as absent. */
const ownersPendingAppeal = async (db: Db, owner: OwnerContext, id: string) => {
  const row = await lockAppeal(db, owner.tenantId, id);
  if (row?.customerId !== owner.customerId) throw notFound(appealNotFound);
  if (row.status !== 'pending') throw conflict(appealPhotoMessages.closed);
  return row;
};

const appealChange = (owner: OwnerContext, row: { id: string; plateNumber: string }, origin: Origin, dataDir: string): PhotoChange => ({
  tenantId: owner.tenantId,
  item: { appealId: row.id },
  folder: 'appeals',
  messages: appealPhotoMessages,
  addedBy: 'owner',
  actor: ownerActor(owner, origin),
  dataDir,
  target: 'appeal',
  targetId: row.id,
  label: `停车记录「${row.plateNumber}」的申诉`,
});

export const addAppealPhotoByOwner = async (db: Db, owner: OwnerContext, id: string, bytes: Buffer, dataDir: string, origin: Origin, now: Date) =>
  addPhoto(db, appealChange(owner, await ownersPendingAppeal(db, owner, id), origin, dataDir), bytes, now);

export const removeAppealPhotoByOwner = async (db: Db, owner: OwnerContext, id: string, photoId: string, dataDir: string, origin: Origin) =>
  removePhoto(db, appealChange(owner, await ownersPendingAppeal(db, owner, id), origin, dataDir), photoId);

export const appealPhotoForStaff = (db: Db, auth: AuthContext, id: string, photoId: string, dataDir: string) =>
  photoFile(db, auth.tenantId, { appealId: id }, photoId, dataDir, appealPhotoMessages.missing);

export const appealPhotoForOwner = async (db: Db, owner: OwnerContext, id: string, photoId: string, dataDir: string) => {
  const row = (await findListedAppeal(db, owner.tenantId, id))?.appeal;
  if (row?.customerId !== owner.customerId) throw notFound(appealPhotoMessages.missing);
  return photoFile(db, owner.tenantId, { appealId: id }, photoId, dataDir, appealPhotoMessages.missing);
};
