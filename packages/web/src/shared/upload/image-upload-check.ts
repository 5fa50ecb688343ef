import { imageUploadMessages, imageUploadRules, type ImageUploadPurpose } from '@parking/contract';

/** What the file input offers; the server judges the bytes again whatever the browser says. */
export const acceptFor = (purpose: ImageUploadPurpose) => imageUploadRules[purpose].types.join(',');

/**
 * The same rules as the server, checked before a byte is sent, with the server's own words:
 * undefined when the file may go.
 */
export function checkImageFile(purpose: ImageUploadPurpose, file: Pick<File, 'type' | 'size'>): string | undefined {
  const rules = imageUploadRules[purpose];
  const messages = imageUploadMessages(purpose);
  if (!(rules.types as readonly string[]).includes(file.type)) return messages.wrongType;
  if (file.size > rules.maxBytes) return messages.tooLarge;
  if (file.size === 0) return messages.empty;
  return undefined;
}
