import { regionEndpoints, type RegionAddressMatch, type RegionNode } from '@parking/contract';
import { call } from '../http/call';

/** '' stands for the top level, the provinces. */
export const regionKey = (parentCode: string) => ['region', parentCode] as const;

/** GET /api/system/Base/Area/tree[?parentCode=]: one level of the division tree. */
export const fetchRegionChildren = (parentCode: string): Promise<RegionNode[]> => call(regionEndpoints.children, { query: parentCode ? { parentCode } : {} });

/** GET /api/system/Base/Area/getCodeByAddress?address=: the divisions a free-text address names. */
export const fetchCodeByAddress = (address: string): Promise<RegionAddressMatch> => call(regionEndpoints.codeByAddress, { query: { address } });

/** The cascader value of a match: [province, city, district] without the levels the address lacks. */
export const regionPathOf = (match: RegionAddressMatch): string[] => [match.provinceCode, match.cityCode, match.districtCode].filter((code): code is string => code !== null);
