import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { privatePhotoMessages } from '@parking/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkPrivatePhoto, privatePhotoFile, removePrivatePhoto, storePrivatePhoto } from './private-photo.js';

const messages = { ...privatePhotoMessages('投诉照片'), notMultipart: '请以 multipart 上传', wrongField: '应放在字段 file 中', missing: '投诉照片已删除或不存在' };
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const gif = Buffer.from('GIF89a');

const refusal = (bytes: Buffer) => {
  try {
    checkPrivatePhoto(bytes, messages);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('checkPrivatePhoto', () => {
  it('takes JPEG, PNG and WebP by their first bytes', () => {
    expect(checkPrivatePhoto(png, messages).type).toBe('image/png');
    expect(checkPrivatePhoto(jpeg, messages).type).toBe('image/jpeg');
    expect(checkPrivatePhoto(webp, messages).type).toBe('image/webp');
  });

  it('refuses an empty file, another image type, text and more than 5 MB with the kind’s own words', () => {
    expect(refusal(Buffer.alloc(0))).toBe('请上传投诉照片');
    expect(refusal(gif)).toBe('投诉照片只能是 JPG、PNG 或 WebP 格式的图片');
    expect(refusal(Buffer.from('<svg onload="x"/>'))).toBe('投诉照片只能是 JPG、PNG 或 WebP 格式的图片');
    expect(refusal(Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]))).toBe('投诉照片不能超过5MB');
  });
});

describe('stored private photos', () => {
  let dataDir = '';
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'private-photo-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lie under photos/<tenant>/<folder>/ by a fresh name, with nothing left aside', async () => {
    const photo = checkPrivatePhoto(png, messages);
    const first = await storePrivatePhoto(dataDir, 'tenant-a', 'complaints', photo);
    const second = await storePrivatePhoto(dataDir, 'tenant-a', 'complaints', photo);
    expect(first).toMatch(/^photos\/tenant-a\/complaints\/[0-9a-f-]{36}\.png$/);
    expect(second).not.toBe(first);
    expect(await readdir(join(dataDir, 'photos/tenant-a/complaints'))).toHaveLength(2);
    const found = privatePhotoFile(dataDir, first, messages.missing);
    expect(found.contentType).toBe('image/png');
    expect(await readFile(found.file)).toEqual(png);
  });

  it('are never found outside DATA_DIR or without a known extension', async () => {
    await writeFile(join(dataDir, 'note.txt'), 'x');
    expect(() => privatePhotoFile(dataDir, '../etc/passwd.png', messages.missing)).toThrow('投诉照片已删除或不存在');
    expect(() => privatePhotoFile(dataDir, 'note.txt', messages.missing)).toThrow('投诉照片已删除或不存在');
    expect(() => privatePhotoFile(dataDir, null, messages.missing)).toThrow('投诉照片已删除或不存在');
  });

  it('are removed once, and removing one already gone is no error', async () => {
    const path = await storePrivatePhoto(dataDir, 'tenant-a', 'appeals', checkPrivatePhoto(jpeg, messages));
    await removePrivatePhoto(dataDir, path);
    await removePrivatePhoto(dataDir, path);
    expect(await readdir(join(dataDir, 'photos/tenant-a/appeals'))).toEqual([]);
  });
});
