import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { privatePhotoRules } from '@parking/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../plugins/app-error.js';
import { detectImageType } from './image-upload.js';

const extensions = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
type PhotoType = keyof typeof extensions;
export type PrivatePhoto = { bytes: Buffer; type: PhotoType };

const contentTypes: Readonly<Record<string, PhotoType>> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** What a kind of private photo is called in its refusals: 行驶证照片, 投诉照片… */
export interface PrivatePhotoMessages {
  empty: string;
  tooLarge: string;
  wrongType: string;
  /** the request is not multipart, or the file is not in field `file` */
  notMultipart: string;
  wrongField: string;
  /** the stored file is gone */
  missing: string;
}

/** A photo judged by its first bytes, whatever name or type it was sent with: JPEG, PNG or WebP, at most 5 MB. */
export const checkPrivatePhoto = (bytes: Buffer, messages: PrivatePhotoMessages): PrivatePhoto => {
  if (bytes.length === 0) throw badRequest(messages.empty);
  if (bytes.length > privatePhotoRules.maxBytes) throw badRequest(messages.tooLarge);
  const type = detectImageType(bytes);
  if (!type || !(type in extensions)) throw badRequest(messages.wrongType);
  return { bytes, type: type as PhotoType };
};

/** Reads the one file of a multipart request (field `file`), not yet judged. */
export const readPrivatePhoto = async (request: FastifyRequest, messages: PrivatePhotoMessages): Promise<Buffer> => {
  if (!request.isMultipart()) throw badRequest(messages.notMultipart);
  const part = await request.file({ limits: { fileSize: privatePhotoRules.maxBytes, files: 1, fields: 0 } });
  if (!part) throw badRequest(messages.empty);
  if (part.fieldname !== 'file') throw badRequest(messages.wrongField);
  const bytes = await part.toBuffer().catch((error: unknown) => {
    // the multipart reader throws when the limit is passed; answer with the rule instead
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE') return undefined;
    throw error;
  });
  if (!bytes || part.file.truncated) throw badRequest(messages.tooLarge);
  return bytes;
};

/**
 * Writes the photo under DATA_DIR/photos/<tenant>/<folder>/ by an unguessable name (written aside,
 * then renamed) and answers its path relative to DATA_DIR, which is all the database keeps. It is never
 * served from a public address: only a route that checks who asks reads it.
 */
export const storePrivatePhoto = async (dataDir: string, tenantId: string, folder: string, photo: PrivatePhoto) => {
  const relativeFolder = join('photos', tenantId, folder);
  await mkdir(join(dataDir, relativeFolder), { recursive: true });
  const name = `${randomUUID()}.${extensions[photo.type]}`;
  const temporary = join(dataDir, relativeFolder, `.${name}.part`);
  await writeFile(temporary, photo.bytes);
  await rename(temporary, join(dataDir, relativeFolder, name));
  return join(relativeFolder, name);
};

/** Where a stored photo lies and its content type; a path that would leave DATA_DIR is not served. */
export const privatePhotoFile = (dataDir: string, relative: string | null, missing: string) => {
  const type = relative ? contentTypes[relative.split('.').pop() ?? ''] : undefined;
  const root = resolve(dataDir);
  const file = relative ? resolve(join(root, relative)) : '';
  if (!type || !file.startsWith(root + sep)) throw notFound(missing);
  return { file, contentType: type };
};

/** Removes a stored photo; one already gone is as good as removed. */
export const removePrivatePhoto = async (dataDir: string, relative: string) => {
  const root = resolve(dataDir);
  const file = resolve(join(root, relative));
  if (!file.startsWith(root + sep)) return;
  await unlink(file).catch((error: unknown) => {
    if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
  });
};

/** Answers a stored photo's bytes: never sniffed, never cached beyond this viewer; a file gone is 404. */
export const sendPrivatePhoto = async (reply: FastifyReply, photo: { file: string; contentType: string }, missing: string) => {
  const bytes = await readFile(photo.file).catch(() => {
    throw notFound(missing);
  });
  return reply.header('content-type', photo.contentType).header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store').send(bytes);
};
