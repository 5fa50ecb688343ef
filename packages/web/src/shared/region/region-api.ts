import { regionPaths, type Envelope, type RegionAddressMatch, type RegionNode } from '@parking/contract';
import { http } from '../http/http-client';

/** '' stands for the top level, the provinces. */
export const regionKey = (parentCode: string) => ['region', parentCode] as const;

/** GET /api/system/Base/Area/tree[?parentCode=]: one level of the division tree. */
export const fetchRegionChildren = (parentCode: string): Promise<RegionNode[]> =>
  http
    .get<Envelope<RegionNode[]>>(regionPaths.children, { params: parentCode ? { parentCode } : {} })
    .then((response) => response.data.data);

/** GET /api/system/Base/Area/getCodeByAddress?address=: the divisions a free-text address names. */
export const fetchCodeByAddress = (address: string): Promise<RegionAddressMatch> =>
  http
    .get<Envelope<RegionAddressMatch>>(regionPaths.codeByAddress, { params: { address } })
    .then((response) => response.data.data);

/** The cascader value of a match: [province, city, district] without the levels the address lacks. */
export const regionPathOf = (match: RegionAddressMatch): string[] =>
  [match.provinceCode, match.cityCode, match.districtCode].filter((code): code is string => code !== null);
