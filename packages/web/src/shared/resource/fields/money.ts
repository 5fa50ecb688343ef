import type { FieldSchema } from '../schema-check';
import { schemaCheck } from '../schema-check';
import { fenToYuanInput } from '../value-format';

/** Fen from the API → the yuan text a money field shows: 1250 → "12.50"; nothing → "". */
export const fenToYuan = (fen: number | string | null | undefined): string => fenToYuanInput(fen);

const numberText = /^-?\d+(\.\d+)?$/;

/**
 * The yuan text a user typed → fen, read exactly (no float rounding): "12.5" → 1250, "0.07" → 7.
 * Blank is null; text that is not an amount of at most two decimals is NaN, so a caller that forgot
 * the field's rule sends nothing the server would take rather than a rounded amount.
 */
export function yuanToFen(text: unknown): number | null {
  if (text === null || text === undefined) return null;
  const trimmed = (typeof text === 'number' ? String(text) : typeof text === 'string' ? text : '').trim();
  if (trimmed === '') return null;
  if (!numberText.test(trimmed)) return Number.NaN;
  const negative = trimmed.startsWith('-');
  const [whole = '0', fraction = ''] = trimmed.replace('-', '').split('.');
  if (fraction.length > 2) return Number.NaN;
  const fen = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -fen : fen;
}

/** A bound of a money field in fen, with the message shown under the field when it is crossed. */
export interface MoneyBound {
  fen: number;
  message: string;
}

export interface MoneyCheck {
  /** the thing the amount is, in messages: 金额, 月租金额 */
  noun: string;
  /** the contract's schema of the amount in fen; its messages are the server's */
  schema?: FieldSchema;
  min?: MoneyBound;
  max?: MoneyBound;
}

/**
 * What is wrong with a typed amount, or undefined when it is a fine one (or blank: `required` says
 * whether a blank is allowed). Never rounds: "12.345" is an error, not 12.34.
 */
export function moneyProblem(text: unknown, { noun, schema, min, max }: MoneyCheck): string | undefined {
  const trimmed = typeof text === 'string' ? text.trim() : text;
  if (trimmed === undefined || trimmed === null || trimmed === '') return undefined;
  if (!numberText.test(String(trimmed))) return `${noun}必须是数字，如 12.50`;
  const fen = yuanToFen(trimmed);
  if (fen === null || Number.isNaN(fen)) return `${noun}最多两位小数`;
  if (min && fen < min.fen) return min.message;
  if (max && fen > max.fen) return max.message;
  return schema ? schemaCheck(schema)(fen) : undefined;
}
