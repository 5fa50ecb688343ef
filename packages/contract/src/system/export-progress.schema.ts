import { z } from 'zod';

/**
 * The header a download sends to have its progress followed: an id the console makes up for each
 * export (a header rather than a query field, so every export's own filter stays as strict as before).
 */
export const exportIdHeader = 'x-export-id';

export const exportIdMessage = '导出编号格式不正确：应为8到64位字母、数字、下划线或连字符';
export const exportId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, exportIdMessage);

export const exportStates = ['running', 'done', 'cancelled', 'failed'] as const;
export type ExportState = (typeof exportStates)[number];

/** How far an export has got: rows written into the file so far, and how many there will be when the export knows it cheaply. */
export const exportProgress = z.object({
  rows: z.number().int().min(0),
  total: z.number().int().min(0).nullable(),
  state: z.enum(exportStates),
});
export type ExportProgress = z.infer<typeof exportProgress>;

export const exportProgressPath = '/api/system/Export/Progress/:exportId';
