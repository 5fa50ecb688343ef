import type { FormRule } from 'antd';

export interface NumberBounds {
  /** what the number is called in the message ("计费单位") */
  label: string;
  min?: number;
  max?: number;
  /** decimal places allowed; 0 (the default) asks for a whole number */
  decimals?: number;
}

const decimalsOf = (value: number) => (Number.isInteger(value) ? 0 : (String(value).split('.')[1]?.length ?? 0));

/** Why a typed number does not fit its bounds, or undefined when it does; a blank is the required rule's to say. */
export function numberProblem(value: unknown, { label, min, max, decimals = 0 }: NumberBounds): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return `${label}必须是数字`;
  if (decimals === 0 && !Number.isInteger(n)) return `${label}必须是整数`;
  if (decimalsOf(n) > decimals) return `${label}最多${decimals}位小数`;
  if (min !== undefined && max !== undefined && (n < min || n > max)) return `${label}应在${min}到${max}之间`;
  if (min !== undefined && n < min) return `${label}不能小于${min}`;
  if (max !== undefined && n > max) return `${label}不能大于${max}`;
  return undefined;
}

/**
 * A number input's bounds as a form rule. The input itself is given no min, max or precision: antd
 * would quietly turn −5 into 0 and 3.7 into 4, where this says what is wrong and keeps what was typed.
 */
export const numberRule = (bounds: NumberBounds): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const problem = numberProblem(value, bounds);
    if (problem) throw new Error(problem);
  },
});
