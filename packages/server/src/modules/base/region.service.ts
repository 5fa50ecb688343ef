import type { RegionAddressMatch, RegionNode } from '@parking/contract';
import { badRequest, notFound } from '../../plugins/app-error.js';
import { divisions, type Division } from './region-data.js';

interface RegionIndex {
  provinces: Division[];
  byCode: Map<string, Division>;
  /** per level, every alias to the divisions carrying it */
  byAlias: Map<string, Division[]>[];
  longestAlias: number;
}

let cached: RegionIndex | undefined;

/** Codes and names of the national list, indexed once per process. */
export function regionIndex(): RegionIndex {
  if (cached) return cached;
  const source = divisions();
  const byCode = new Map<string, Division>();
  const byAlias = [new Map<string, Division[]>(), new Map<string, Division[]>(), new Map<string, Division[]>()];
  let longestAlias = 0;
  const visit = (node: Division) => {
    byCode.set(node.code, node);
    for (const alias of node.aliases) {
      const named = byAlias[node.level - 1]!;
      named.set(alias, [...(named.get(alias) ?? []), node]);
      longestAlias = Math.max(longestAlias, alias.length);
    }
    node.children.forEach(visit);
  };
  source.forEach(visit);
  cached = { provinces: source, byCode, byAlias, longestAlias };
  return cached;
}

const toNode = (division: Division): RegionNode => ({ value: division.code, label: division.name, isLeaf: division.children.length === 0 });

/** One level of the tree for the cascader: the provinces, or the children of parentCode. */
export function regionChildren(parentCode: string | undefined, index = regionIndex()): RegionNode[] {
  if (parentCode === undefined) return index.provinces.map(toNode);
  const parent = index.byCode.get(parentCode);
  if (!parent) throw notFound(`未找到行政区划代码 ${parentCode}`);
  return parent.children.map(toNode);
}

const within = (node: Division, ancestor: Division | null) => {
  for (let up: Division | null = node; up; up = up.parent) if (up === ancestor) return true;
  return ancestor === null;
};

// a short name followed by these is a street named after a place: 新华路 is not 新华区
const streetAfterShortName = /^(路|巷|弄|大道|大街|街(?!道))/;

interface Reading {
  deepest: Division;
  /** characters of the address the divisions account for; more is a closer reading */
  consumed: number;
}

/** Every way the start of `text` can be read as divisions, each deeper than the last and under it. */
function readings(text: string, index: RegionIndex): Reading[] {
  const found: Reading[] = [];
  const step = (position: number, fromLevel: number, anchor: Division | null) => {
    const maxLength = Math.min(index.longestAlias, text.length - position);
    for (let length = maxLength; length >= 2; length--) {
      const alias = text.slice(position, position + length);
      for (let level = fromLevel; level <= 3; level++) {
        for (const node of index.byAlias[level - 1]!.get(alias) ?? []) {
          if (!within(node, anchor)) continue;
          if (alias !== node.name && streetAfterShortName.test(text.slice(position + length))) continue;
          found.push({ deepest: node, consumed: position + length });
          if (level < 3) step(position + length, level + 1, node);
        }
      }
    }
  };
  step(0, 1, null);
  return found;
}

const chainOf = (node: Division) => {
  const chain: Division[] = [];
  for (let up: Division | null = node; up; up = up.parent) chain.unshift(up);
  // a 直辖市 named alone still has its one city
  const only = chain.length === 1 ? chain[0]!.children : [];
  if (only.length === 1 && only[0]!.aliases.length === 0) chain.push(only[0]!);
  return chain;
};

const fullName = (node: Division) => {
  const names = chainOf(node).map((division) => division.name);
  return names.filter((name, i) => name !== names[i - 1]).join('');
};

/**
 * Province, city and district of a free-text address, e.g. 广东省深圳市南山区科技园 → 440000/440300/440305.
 * Levels may be left out (深圳南山区, 广东省南山区) or abbreviated (广东深圳); the longest, then deepest reading wins.
 */
export function codeByAddress(address: string, index = regionIndex()): RegionAddressMatch {
  const text = address.replace(/\s+/g, '').replace(/^(中华人民共和国|中国)/, '');
  const all = readings(text, index);
  if (all.length === 0) throw notFound(`未能从地址“${address}”中识别出省市区，请以省或市开头填写`);
  // the reading that accounts for most of the address wins (河北省 is the province, not 天津's 河北区), then the deeper one
  const best = all.reduce((a, b) => (b.consumed > a.consumed || (b.consumed === a.consumed && b.deepest.level > a.deepest.level) ? b : a));
  const tied = [...new Set(all.filter((r) => r.deepest.level === best.deepest.level && r.consumed === best.consumed).map((r) => r.deepest))];
  if (tied.length > 1) {
    const names = tied.map(fullName).join('、');
    throw badRequest(`地址“${text.slice(0, best.consumed)}”对应多个地区（${names}），请写明省市`);
  }
  const [province, city, district] = chainOf(best.deepest);
  return {
    provinceCode: province!.code,
    provinceName: province!.name,
    cityCode: city?.code ?? null,
    cityName: city?.name ?? null,
    districtCode: district?.code ?? null,
    districtName: district?.name ?? null,
  };
}
