/**
 * A private photo (a 行驶证, a complaint's or an appeal's evidence): judged by its bytes, JPEG, PNG or
 * WebP, at most 5 MB, and served only to those who may see the item it belongs to.
 */
export const privatePhotoRules = { maxBytes: 5 * 1024 * 1024, types: ['image/jpeg', 'image/png', 'image/webp'] } as const;

/** The refusals of a kind of private photo, named as the page names it ('行驶证照片', '投诉照片'). */
export const privatePhotoMessages = (name: string) =>
  ({
    empty: `请上传${name}`,
    tooLarge: `${name}不能超过5MB`,
    wrongType: `${name}只能是 JPG、PNG 或 WebP 格式的图片`,
    hint: 'JPG、PNG 或 WebP，不超过5MB',
  }) as const;

/** What a browser may say a picked file is, before the server judges its bytes: the same refusals. */
export const privatePhotoIssue = (file: { type: string; size: number }, messages: ReturnType<typeof privatePhotoMessages>) =>
  file.size === 0
    ? messages.empty
    : !(privatePhotoRules.types as readonly string[]).includes(file.type)
      ? messages.wrongType
      : file.size > privatePhotoRules.maxBytes
        ? messages.tooLarge
        : undefined;
