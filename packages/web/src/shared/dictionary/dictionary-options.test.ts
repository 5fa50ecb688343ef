import { describe, expect, it } from 'vitest';
import { dictionaryLabel, toDictionaryOptions } from './dictionary-options';

const entry = (label: string, value: string, sort = 0) => ({ id: `${label}-id`, dictName: 'd', label, value, sort });

describe('dictionary options', () => {
  it('turns numeric-looking values into integers and leaves the rest as text', () => {
    const options = toDictionaryOptions([entry('蓝色', '0'), entry('黄色', '2'), entry('负', '-3'), entry('混合', '2a'), entry('小数', '1.5'), entry('前导', '007')]);
    expect(options).toEqual([
      { label: '蓝色', value: 0 },
      { label: '黄色', value: 2 },
      { label: '负', value: -3 },
      { label: '混合', value: '2a' },
      { label: '小数', value: '1.5' },
      { label: '前导', value: 7 },
    ]);
  });

  it('finds a label by a value given as number or text, and falls back to the value', () => {
    const options = toDictionaryOptions([entry('白色', '1'), entry('路内', 'road')]);
    expect(dictionaryLabel(options, 1)).toBe('白色');
    expect(dictionaryLabel(options, '1')).toBe('白色');
    expect(dictionaryLabel(options, 'road')).toBe('路内');
    expect(dictionaryLabel(options, 9)).toBe('9');
    expect(dictionaryLabel(options, null)).toBe('');
  });
});
