/** Input sanitizers and display filters the console's forms and tables share. */

/** Keeps a money input to digits and one point with at most 2 decimals: "12.345" → "12.34". */
export const sanitizeMoney = (input: string): string => {
  const cleaned = input.replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = cleaned.split('.');
  if (rest.length === 0) return whole;
  return `${whole}.${rest.join('').slice(0, 2)}`;
};

export const digitsOnly = (input: string): string => input.replace(/\D/g, '');

export const stripWhitespace = (input: string): string => input.replace(/\s/g, '');

type Query = Record<string, unknown>;

/** Drops fields that say nothing: undefined, null, empty or blank strings, empty arrays. */
export const removeEmptyFields = <T extends Query>(query: T): Partial<T> =>
  Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '') && !(Array.isArray(v) && v.length === 0)),
  ) as Partial<T>;

/** Table search: every string filter is trimmed, and an empty one is sent as null. */
export const normalizeSearch = <T extends Query>(query: T): { [K in keyof T]: T[K] | null } =>
  Object.fromEntries(
    Object.entries(query).map(([k, v]) => {
      if (typeof v !== 'string') return [k, v];
      const trimmed = v.trim();
      return [k, trimmed === '' ? null : trimmed];
    }),
  ) as { [K in keyof T]: T[K] | null };

/** Fen to yuan with two decimals: 1234 → "12.34". Missing amounts show as "0.00". */
export const formatAmount = (fen: number | string | null | undefined): string => {
  const value = Number(fen ?? 0);
  if (!Number.isFinite(value)) return '0.00';
  return (Math.round(value) / 100).toFixed(2);
};

/** Seconds as Chinese units, largest first, zero units left out: 90061 → "1天1时1分1秒". */
export const formatDuration = (seconds: number | null | undefined): string => {
  const total = Math.max(0, Math.floor(Number(seconds ?? 0)) || 0);
  const parts: [number, string][] = [
    [Math.floor(total / 86_400), '天'],
    [Math.floor((total % 86_400) / 3_600), '时'],
    [Math.floor((total % 3_600) / 60), '分'],
    [total % 60, '秒'],
  ];
  const text = parts
    .filter(([n]) => n > 0)
    .map(([n, unit]) => `${n}${unit}`)
    .join('');
  return text || '0秒';
};

/** Keeps the first 3 digits, hides the 4th to 7th, keeps the 8th on: 13812345678 → 138****5678. */
export const maskMobile = (mobile: string | null | undefined): string => {
  if (!mobile) return '';
  if (mobile.length < 8) return mobile.slice(0, 3) + '*'.repeat(Math.max(0, mobile.length - 3));
  return `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
};

/** Hides up to 5 characters right before the @: zhangsan@example.com → zha*****@example.com. */
export const maskEmail = (email: string | null | undefined): string => {
  if (!email) return '';
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const local = email.slice(0, at);
  const hidden = Math.min(5, local.length);
  return `${local.slice(0, local.length - hidden)}${'*'.repeat(hidden)}${email.slice(at)}`;
};

/** The toast after copying a plate. */
export const plateCopiedMessage = (plate: string) => `复制成功,车牌:${plate}`;

/** Mainland plates: province, letter, then 5 characters (6 for new-energy); I and O are never used. */
const plateSource = '[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-HJ-NP-Z][A-HJ-NP-Z0-9]{4}[A-HJ-NP-Z0-9挂学警港澳]{1,2}';
const platePattern = new RegExp(plateSource, 'gu');
/** One whole mainland plate, upper-case: 粤B12345, 粤BD12345. */
export const plateNumberPattern = new RegExp(`^${plateSource}$`, 'u');

/** The plates a text mentions, each once, in order: "车牌 粤B12345 重复入场" → ["粤B12345"]. */
export const findPlates = (text: string): string[] => [...new Set(text.match(platePattern) ?? [])];
