import { z } from 'zod';

/** Plate colour codes: 1 white, 2 yellow, 3 green, 4 black, anything else blue. */
export const plateColourNames: Readonly<Record<number, string>> = { 1: '白色', 2: '黄色', 3: '绿色', 4: '黑色' };
export const plateColourName = (code: number | string | null | undefined): string => plateColourNames[Number(code)] ?? '蓝色';

/** Dictionaries seeded for every tenant; later modules read their options by these names. */
export const dictionaryNames = {
  plateColour: 'plate_colour',
  lotType: 'parking_type',
  deviceType: 'device_type',
} as const;

export const dictDetail = z.object({
  id: z.string(),
  dictName: z.string(),
  label: z.string(),
  value: z.string(),
  sort: z.number().int(),
});
export type DictDetail = z.infer<typeof dictDetail>;

export const dictionaryPaths = {
  list: '/api/dictDetail',
  item: '/api/dictDetail/:id',
} as const;

/** `page` counts from 0 and the console asks for size 9999 to get a whole dictionary. */
export const dictDetailQuery = z.strictObject({
  dictName: z.string({ error: '请指定字典名称 dictName' }).trim().min(1, '请指定字典名称 dictName').max(64),
  page: z.coerce.number().int('页码必须是整数').min(0, '页码最小为0').default(0),
  size: z.coerce.number().int('每页条数必须是整数').min(1, '每页条数最小为1').max(9999, '每页条数最大为9999').default(9999),
  label: z.string().trim().max(64).optional(),
});

export const dictDetailInput = z.object({
  dictName: z
    .string({ error: '请输入字典名称' })
    .trim()
    .min(1, '请输入字典名称')
    .max(64, '字典名称最长64位')
    .regex(/^[a-z][a-z0-9_]*$/, '字典名称只能包含小写字母、数字和下划线，且以字母开头'),
  label: z.string({ error: '请输入字典标签' }).trim().min(1, '请输入字典标签').max(64, '字典标签最长64位'),
  value: z.string({ error: '请输入字典值' }).trim().min(1, '请输入字典值').max(64, '字典值最长64位'),
  sort: z.coerce.number().int('排序必须是整数').min(0, '排序最小为0').max(9999, '排序最大为9999').default(0),
});
export type DictDetailInput = z.input<typeof dictDetailInput>;

/** Numeric-looking values become integers on the client. */
export const dictValue = (value: string): string | number => (/^-?\d+$/.test(value) ? Number.parseInt(value, 10) : value);
