import { describe, expect, it } from 'vitest';
import { numberProblem } from './number-rule';

describe('numberProblem', () => {
  const unit = { label: '计费单位', min: 1, max: 1440 };

  it('refuses what antd would have changed quietly, saying why', () => {
    expect(numberProblem(-5, { label: '排序', min: 0 })).toBe('排序不能小于0');
    expect(numberProblem(3.7, unit)).toBe('计费单位必须是整数');
    expect(numberProblem(2000, unit)).toBe('计费单位应在1到1440之间');
    expect(numberProblem(12.345, { label: '单价', min: 0, decimals: 2 })).toBe('单价最多2位小数');
    expect(numberProblem(11, { label: '倍率', max: 10, decimals: 1 })).toBe('倍率不能大于10');
  });

  it('passes numbers inside the bounds and leaves a blank to the required rule', () => {
    expect(numberProblem(30, unit)).toBeUndefined();
    expect(numberProblem(12.5, { label: '单价', min: 0, decimals: 2 })).toBeUndefined();
    expect(numberProblem(undefined, unit)).toBeUndefined();
    expect(numberProblem(null, unit)).toBeUndefined();
  });
});
