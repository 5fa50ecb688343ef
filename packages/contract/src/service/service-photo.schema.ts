import { z } from 'zod';
import { privatePhotoMessages } from '../common/private-photo.js';

/** A complaint or an appeal carries at most this many photos. */
export const servicePhotoLimit = 4;

/** who added a photo: staff of the page, the owner on the phone, or the driver on the order page */
export const servicePhotoAuthors = ['staff', 'owner', 'driver'] as const;
export type ServicePhotoAuthor = (typeof servicePhotoAuthors)[number];

/** One photo of a complaint or an appeal; its bytes come from the item's photo route, to those who may see the item. */
export const servicePhoto = z.object({ id: z.string(), addedBy: z.enum(servicePhotoAuthors), createdAt: z.string() });
export type ServicePhoto = z.infer<typeof servicePhoto>;

export const complaintPhotoMessages = {
  ...privatePhotoMessages('投诉照片'),
  notMultipart: '请以 multipart/form-data 上传投诉照片（字段 file）',
  wrongField: '投诉照片应放在字段 file 中',
  full: `每条投诉最多上传${servicePhotoLimit}张照片`,
  closed: '该投诉已完成，不能再添加或删除照片',
  notYours: '只能删除自己上传的照片',
  missing: '投诉照片已删除或不存在',
} as const;

export const appealPhotoMessages = {
  ...privatePhotoMessages('申诉照片'),
  notMultipart: '请以 multipart/form-data 上传申诉照片（字段 file）',
  wrongField: '申诉照片应放在字段 file 中',
  full: `每条申诉最多上传${servicePhotoLimit}张照片`,
  closed: '该申诉已审核，不能再添加或删除照片',
  notYours: '只能删除自己上传的照片',
  missing: '申诉照片已删除或不存在',
} as const;

/** `{ id, photoId }`: the item and one of its photos */
export const servicePhotoParams = (message: string) => z.object({ id: z.uuid(message), photoId: z.uuid('照片编号格式不正确') });

/** the order page's photo routes are authorised by the record token the complaint was filed with */
export const recordComplaintPhotoQuery = z.strictObject({ o: z.string({ error: '缺少订单参数' }).trim().min(1, '缺少订单参数').max(1024, '二维码无效或已被篡改') });
export type RecordComplaintPhotoQuery = z.input<typeof recordComplaintPhotoQuery>;
