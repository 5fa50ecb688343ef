import { z } from 'zod';

export const regionPaths = {
  /** province/city/district codes of a free-text address */
  codeByAddress: '/api/system/Base/Area/getCodeByAddress',
  /** one level of the division tree, for the province/city/district cascader */
  children: '/api/system/Base/Area/tree',
} as const;

/** A GB/T 2260 division code: six digits, e.g. 440305 for 深圳市南山区. */
export const regionCode = z.string().regex(/^\d{6}$/, '行政区划代码应为6位数字');

export const regionCodeByAddressQuery = z.strictObject({
  address: z.string({ error: '请填写地址' }).trim().min(2, '地址至少2个字').max(200, '地址不能超过200个字'),
});
export type RegionCodeByAddressQuery = z.input<typeof regionCodeByAddressQuery>;

/**
 * The divisions an address names. A 直辖市 has no prefecture of its own, so its city is the
 * GB/T 2260 市辖区 code (110100) under the province's name; a city without districts (东莞市) has no district.
 */
export const regionAddressMatch = z.object({
  provinceCode: z.string(),
  provinceName: z.string(),
  cityCode: z.string().nullable(),
  cityName: z.string().nullable(),
  districtCode: z.string().nullable(),
  districtName: z.string().nullable(),
});
export type RegionAddressMatch = z.infer<typeof regionAddressMatch>;

/** Without parentCode: the provinces; with it: that division's children. */
export const regionChildrenQuery = z.strictObject({ parentCode: regionCode.optional() });
export type RegionChildrenQuery = z.input<typeof regionChildrenQuery>;

/** One cascader option; isLeaf says there is nothing below it to load. */
export const regionNode = z.object({ value: z.string(), label: z.string(), isLeaf: z.boolean() });
export type RegionNode = z.infer<typeof regionNode>;
