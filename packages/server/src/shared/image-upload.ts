import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { imageUploadMessages, imageUploadRules, type ImageUploadPurpose } from '@parking/contract';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../plugins/app-error.js';

/** Uploaded files live under DATA_DIR/uploads and are served at /uploads/ by unguessable names. */
export const uploadsPrefix = '/uploads/';
export const uploadsDir = (dataDir: string) => join(dataDir, 'uploads');

const extensions: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/x-icon': 'ico',
};

const startsWith = (bytes: Buffer, prefix: readonly number[], offset = 0) => prefix.every((b, i) => bytes[offset + i] === b);

/**
 * What an upload really is, from its first bytes; the browser's declared type and the file name
 * are not trusted. SVG is never accepted: it can carry script.
 */
export const detectImageType = (bytes: Buffer): string | undefined => {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) && bytes.length >= 6 && bytes.readUInt16LE(4) > 0) return 'image/x-icon';
  return undefined;
};

/** Checks an uploaded image against its purpose's rules; the message says what is allowed. */
export const checkImage = (purpose: ImageUploadPurpose, bytes: Buffer, truncated: boolean): string => {
  const rules = imageUploadRules[purpose];
  const messages = imageUploadMessages(purpose);
  if (truncated || bytes.length > rules.maxBytes) throw badRequest(messages.tooLarge);
  if (bytes.length === 0) throw badRequest(messages.empty);
  const type = detectImageType(bytes);
  if (!type || !(rules.types as readonly string[]).includes(type)) throw badRequest(messages.wrongType);
  return type === 'image/vnd.microsoft.icon' ? 'image/x-icon' : type;
};

/** Reads the one file of a multipart request (field `file`), checked for its purpose. */
export const readImage = async (request: FastifyRequest, purpose: ImageUploadPurpose) => {
  if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 上传图片（字段 file）');
  const part = await request.file({ limits: { fileSize: imageUploadRules[purpose].maxBytes, files: 1, fields: 0 } });
  if (!part) throw badRequest(imageUploadMessages(purpose).empty);
  if (part.fieldname !== 'file') throw badRequest('图片应放在字段 file 中');
  const bytes = await part.toBuffer().catch((error: unknown) => {
    // the multipart reader throws when the limit is passed; answer with the rule instead
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') return undefined;
    throw error;
  });
  if (!bytes) throw badRequest(imageUploadMessages(purpose).tooLarge);
  const type = checkImage(purpose, bytes, part.file.truncated);
  return { bytes, type };
};

/** Writes the image under a fresh random name (written aside, then renamed) and returns its URL. */
export const storeImage = async (dataDir: string, folder: string, image: { bytes: Buffer; type: string }) => {
  const dir = join(uploadsDir(dataDir), folder);
  await mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.${extensions[image.type] ?? 'bin'}`;
  const temporary = join(dir, `.${name}.part`);
  await writeFile(temporary, image.bytes);
  await rename(temporary, join(dir, name));
  return `${uploadsPrefix}${folder}/${name}`;
};
