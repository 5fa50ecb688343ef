import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { businessDay, eventPhotoMaxBytes } from '@parking/contract';
import { badRequest } from '../../plugins/app-error.js';
import { detectImageType } from '../../shared/image-upload.js';

export type EventPhoto = { bytes: Buffer; extension: 'jpg' | 'png' };

/** A device's base64 photo, judged by its first bytes: only JPEG or PNG, at most 2 MB. */
export const decodeEventPhoto = (base64: string): EventPhoto => {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw badRequest('照片不能为空');
  if (bytes.length > eventPhotoMaxBytes) throw badRequest('照片不能超过2MB');
  const type = detectImageType(bytes);
  if (type === 'image/jpeg') return { bytes, extension: 'jpg' };
  if (type === 'image/png') return { bytes, extension: 'png' };
  throw badRequest('照片只能是 JPEG 或 PNG');
};

/** Writes a photo under DATA_DIR/photos/<tenant>/<day>/ and answers its path relative to DATA_DIR, which is all the database keeps. */
export const storeEventPhoto = async (dataDir: string, tenantId: string, at: Date, photo: EventPhoto) => {
  const relative = join('photos', tenantId, businessDay(at), `${randomUUID()}.${photo.extension}`);
  await mkdir(join(dataDir, 'photos', tenantId, businessDay(at)), { recursive: true });
  await writeFile(join(dataDir, relative), photo.bytes);
  return relative;
};
