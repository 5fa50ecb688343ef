import { z } from 'zod';

/** Plate colour codes of spec §3: 1 white, 2 yellow, 3 green, 4 black, anything else blue. */
export const plateColourNames: Readonly<Record<number, string>> = { 1: '白色', 2: '黄色', 3: '绿色', 4: '黑色' };
export const plateColourName = (code: number | string | null | undefined): string =>
  plateColourNames[Number(code)] ?? '蓝色';

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
