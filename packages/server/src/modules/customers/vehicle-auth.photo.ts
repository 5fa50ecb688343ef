import { randomUUID } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { vehicleAuthPhotoMessages, vehicleAuthPhotoRules } from '@parking/contract';
import type { FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../../plugins/app-error.js';
import { detectImageType } from '../../shared/image-upload.js';

const extensions = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
type PhotoType = keyof typeof extensions;
export type VehicleAuthPhoto = { bytes: Buffer; type: PhotoType };

const contentTypes: Readonly<Record<string, PhotoType>> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** A 行驶证 photo judged by its first bytes, whatever name or type it was sent with: JPEG, PNG or WebP, at most 5 MB. */
export const checkVehicleAuthPhoto = (bytes: Buffer): VehicleAuthPhoto => {
  if (bytes.length === 0) throw badRequest(vehicleAuthPhotoMessages.empty);
  if (bytes.length > vehicleAuthPhotoRules.maxBytes) throw badRequest(vehicleAuthPhotoMessages.tooLarge);
  const type = detectImageType(bytes);
  if (!type || !(type in extensions)) throw badRequest(vehicleAuthPhotoMessages.wrongType);
  return { bytes, type: type as PhotoType };
};

/** Reads the one file of a multipart request (field `file`) as a 行驶证 photo. */
export const readVehicleAuthPhoto = async (request: FastifyRequest): Promise<Buffer> => {
  if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 上传行驶证照片（字段 file）');
  const part = await request.file({ limits: { fileSize: vehicleAuthPhotoRules.maxBytes, files: 1, fields: 0 } });
  if (!part) throw badRequest(vehicleAuthPhotoMessages.empty);
  if (part.fieldname !== 'file') throw badRequest('行驶证照片应放在字段 file 中');
  const bytes = await part.toBuffer().catch((error: unknown) => {
    // the multipart reader throws when the limit is passed; answer with the rule instead
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') return undefined;
    throw error;
  });
  if (!bytes || part.file.truncated) throw badRequest(vehicleAuthPhotoMessages.tooLarge);
  return bytes;
};

/**
 * Writes the photo under DATA_DIR/photos/<tenant>/vehicle-auth/ by an unguessable name (written aside,
 * then renamed) and answers its path relative to DATA_DIR, which is all the database keeps. It is never
 * served from a public address: only the 车辆认证审核 route reads it, for staff of the tenant.
 */
export const storeVehicleAuthPhoto = async (dataDir: string, tenantId: string, photo: VehicleAuthPhoto) => {
  const folder = join('photos', tenantId, 'vehicle-auth');
  await mkdir(join(dataDir, folder), { recursive: true });
  const name = `${randomUUID()}.${extensions[photo.type]}`;
  const temporary = join(dataDir, folder, `.${name}.part`);
  await writeFile(temporary, photo.bytes);
  await rename(temporary, join(dataDir, folder, name));
  return join(folder, name);
};

/** Where a stored photo lies and its content type; a path that would leave DATA_DIR is not served. */
export const vehicleAuthPhotoFile = (dataDir: string, relative: string | null) => {
  const type = relative ? contentTypes[relative.split('.').pop() ?? ''] : undefined;
  const root = resolve(dataDir);
  const file = relative ? resolve(join(root, relative)) : '';
  if (!type || !file.startsWith(root + sep)) throw notFound('行驶证照片已删除或不存在');
  return { file, contentType: type };
};

/** Removes a stored photo; one already gone is as good as removed. */
export const removeVehicleAuthPhoto = async (dataDir: string, relative: string) => {
  const root = resolve(dataDir);
  const file = resolve(join(root, relative));
  if (!file.startsWith(root + sep)) return;
  await unlink(file).catch((error: unknown) => {
    if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
  });
};
