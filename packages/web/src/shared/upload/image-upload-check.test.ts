import { describe, expect, it } from 'vitest';
import { acceptFor, checkImageFile } from './image-upload-check';

describe('checkImageFile', () => {
  it('lets a PNG logo under 2MB through', () => {
    expect(checkImageFile('logo', { type: 'image/png', size: 2 * 1024 * 1024 })).toBeUndefined();
  });

  it('refuses a logo one byte over 2MB, with the size in the message', () => {
    expect(checkImageFile('logo', { type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe('图片不能超过2MB');
  });

  it('refuses SVG for every purpose, naming what is allowed', () => {
    expect(checkImageFile('logo', { type: 'image/svg+xml', size: 100 })).toBe('只能上传 PNG、JPG、GIF、WebP 格式的图片');
    expect(checkImageFile('favicon', { type: 'image/svg+xml', size: 100 })).toBe('只能上传 PNG、ICO、GIF 格式的图片');
  });

  it('takes ICO only as a favicon, up to 256KB', () => {
    expect(checkImageFile('favicon', { type: 'image/x-icon', size: 256 * 1024 })).toBeUndefined();
    expect(checkImageFile('favicon', { type: 'image/x-icon', size: 256 * 1024 + 1 })).toBe('图片不能超过256KB');
    expect(checkImageFile('avatar', { type: 'image/x-icon', size: 10 })).toContain('只能上传');
  });

  it('refuses an empty file', () => {
    expect(checkImageFile('avatar', { type: 'image/jpeg', size: 0 })).toBe('请选择要上传的图片');
  });

  it('offers the allowed types to the file picker', () => {
    expect(acceptFor('avatar')).toBe('image/png,image/jpeg,image/gif,image/webp');
  });
});
