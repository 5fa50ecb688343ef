import { vehicleAuthPhotoMessages } from '@parking/contract';
import type { FastifyRequest } from 'fastify';
import { checkPrivatePhoto, privatePhotoFile, readPrivatePhoto, removePrivatePhoto, storePrivatePhoto, type PrivatePhoto } from '../../shared/private-photo.js';

export type VehicleAuthPhoto = PrivatePhoto;

const messages = {
  ...vehicleAuthPhotoMessages,
  notMultipart: '请以 multipart/form-data 上传行驶证照片（字段 file）',
  wrongField: '行驶证照片应放在字段 file 中',
  missing: '行驶证照片已删除或不存在',
};
export const vehicleAuthPhotoMissing = messages.missing;

/** A 行驶证 photo judged by its first bytes, whatever name or type it was sent with: JPEG, PNG or WebP, at most 5 MB. */
export const checkVehicleAuthPhoto = (bytes: Buffer): VehicleAuthPhoto => checkPrivatePhoto(bytes, messages);

/** Reads the one file of a multipart request (field `file`) as a 行驶证 photo. */
export const readVehicleAuthPhoto = (request: FastifyRequest): Promise<Buffer> => readPrivatePhoto(request, messages);

/** Stores it under DATA_DIR/photos/<tenant>/vehicle-auth/: only the 车辆认证审核 route reads it, for staff of the tenant. */
export const storeVehicleAuthPhoto = (dataDir: string, tenantId: string, photo: VehicleAuthPhoto) => storePrivatePhoto(dataDir, tenantId, 'vehicle-auth', photo);

export const vehicleAuthPhotoFile = (dataDir: string, relative: string | null) => privatePhotoFile(dataDir, relative, messages.missing);

export const removeVehicleAuthPhoto = removePrivatePhoto;
