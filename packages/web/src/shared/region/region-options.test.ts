import { describe, expect, it } from 'vitest';
import { regionPathOf } from './region-api';
import { parentsOfValue, toRegionOptions } from './region-options';

describe('region options', () => {
  it('nests the loaded levels and leaves unloaded ones without children', () => {
    const levels = new Map([
      [
        '',
        [
          { value: '440000', label: '广东省', isLeaf: false },
          { value: '110000', label: '北京市', isLeaf: false },
        ],
      ],
      [
        '440000',
        [
          { value: '440300', label: '深圳市', isLeaf: false },
          { value: '441900', label: '东莞市', isLeaf: true },
        ],
      ],
    ]);
    expect(toRegionOptions(levels)).toEqual([
      {
        value: '440000',
        label: '广东省',
        isLeaf: false,
        children: [
          { value: '440300', label: '深圳市', isLeaf: false },
          { value: '441900', label: '东莞市', isLeaf: true },
        ],
      },
      { value: '110000', label: '北京市', isLeaf: false },
    ]);
    expect(toRegionOptions(new Map())).toEqual([]);
  });

  it('loads the levels above each code of a value', () => {
    expect(parentsOfValue(undefined)).toEqual(['']);
    expect(parentsOfValue(['440000', '440300', '440305'])).toEqual(['', '440000', '440300']);
    expect(parentsOfValue(['440000', '441900'])).toEqual(['', '440000']);
  });

  it('turns an address match into a cascader value without the levels it lacks', () => {
    const shenzhen = { provinceCode: '440000', provinceName: '广东省', cityCode: '440300', cityName: '深圳市', districtCode: '440305', districtName: '南山区' };
    expect(regionPathOf(shenzhen)).toEqual(['440000', '440300', '440305']);
    expect(regionPathOf({ ...shenzhen, cityCode: '441900', cityName: '东莞市', districtCode: null, districtName: null })).toEqual(['440000', '441900']);
  });
});
