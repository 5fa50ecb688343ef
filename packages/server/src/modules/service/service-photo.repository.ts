import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { servicePhotos } from '../../db/schema/index.js';
import { countOf } from '../../shared/paging.js';
import { insertId } from '../../shared/rows.js';

export type ServicePhotoRow = typeof servicePhotos.$inferSelect;
/** the complaint or the appeal a photo belongs to */
export type PhotoOwner = { complaintId: string } | { appealId: string };

const ofItem = (tenantId: string, item: PhotoOwner) =>
  and(eq(servicePhotos.tenantId, tenantId), 'complaintId' in item ? eq(servicePhotos.complaintId, item.complaintId) : eq(servicePhotos.appealId, item.appealId));

/** The item's photos, oldest first. */
export const photosOf = (db: Db, tenantId: string, item: PhotoOwner) =>
  db.select().from(servicePhotos).where(ofItem(tenantId, item)).orderBy(asc(servicePhotos.createdAt), asc(servicePhotos.id));

export const countPhotos = async (db: Db, tenantId: string, item: PhotoOwner) => countOf((await db.select({ n: count() }).from(servicePhotos).where(ofItem(tenantId, item)))[0]);

/** One photo of the item; a photo of another item is not found. */
export const findPhoto = async (db: Db, tenantId: string, item: PhotoOwner, photoId: string) => {
  const [row] = await db
    .select()
    .from(servicePhotos)
    .where(and(ofItem(tenantId, item), eq(servicePhotos.id, photoId)));
  return row;
};

export const insertPhoto = (db: Db, values: typeof servicePhotos.$inferInsert) => insertId(db, servicePhotos, values);

export const deletePhoto = (db: Db, tenantId: string, photoId: string) => db.delete(servicePhotos).where(and(eq(servicePhotos.tenantId, tenantId), eq(servicePhotos.id, photoId)));
