import { describe, expect, it } from 'vitest';
import { parkingAreaInput } from './area.schema.js';
import { parkingLotInput, parkingLotOptionsQuery } from './lot.schema.js';

const messages = (result: { error?: { issues: { message: string }[] } | undefined }) => result.error?.issues.map((i) => i.message) ?? [];

describe('parking lot input', () => {
  it('fills the defaults of a minimal lot', () => {
    expect(parkingLotInput.parse({ name: ' 福华路路侧 ', type: '0', kind: 'space' })).toEqual({
      areaId: null,
      name: '福华路路侧',
      type: 0,
      kind: 'space',
      address: '',
      provinceCode: '',
      cityCode: '',
      districtCode: '',
      lng: null,
      lat: null,
      totalSpaces: 0,
      longRentalSpaces: 0,
      reservedSpaces: 0,
      chargingSpaces: 0,
      selfOperated: true,
      prepay: false,
      managerIds: [],
      enabled: true,
      longRentalSpaceLeave: false,
    });
  });

  it('keeps long-rental plus reserved and charging spaces within the total', () => {
    const base = { name: 'x', type: 1, kind: 'lane', totalSpaces: 10 };
    expect(parkingLotInput.safeParse({ ...base, longRentalSpaces: 6, reservedSpaces: 4, chargingSpaces: 10 }).success).toBe(true);
    expect(messages(parkingLotInput.safeParse({ ...base, longRentalSpaces: 6, reservedSpaces: 5 }))).toEqual(['长租车位数与预留车位数之和不能超过总车位数']);
    expect(messages(parkingLotInput.safeParse({ ...base, chargingSpaces: 11 }))).toEqual(['充电车位数不能超过总车位数']);
  });

  it('takes 6-digit division codes or none, and no repeated manager', () => {
    const base = { name: 'x', type: 1, kind: 'lane' };
    expect(parkingLotInput.safeParse({ ...base, provinceCode: '440000', cityCode: '440300', districtCode: '440305' }).success).toBe(true);
    expect(messages(parkingLotInput.safeParse({ ...base, cityCode: '4403' }))).toEqual(['城市编码应为6位数字']);
    const id = '6f1c7f52-2f8e-4b8a-9d3c-1a2b3c4d5e6f';
    expect(messages(parkingLotInput.safeParse({ ...base, managerIds: [id, id] }))).toEqual(['管理员不能重复']);
  });
});

describe('parking list call query', () => {
  it('defaults to 1000 enabled lots of any kind', () => {
    expect(parkingLotOptionsQuery.parse({})).toEqual({ currentPage: 1, pageSize: 1000, enabledmark: 1 });
    expect(parkingLotOptionsQuery.parse({ type: '1', enabledmark: '0' })).toMatchObject({ type: 1, enabledmark: 0 });
    expect(messages(parkingLotOptionsQuery.safeParse({ type: '3' }))).toEqual(['类型只能是 1（车道型）或 0（泊位型）']);
  });
});

describe('parking area input', () => {
  it('keeps coordinates on the globe and the check-in range within 0..10000 m', () => {
    expect(parkingAreaInput.parse({ name: '片区' })).toMatchObject({ checkInRange: 100, lng: null, lat: null, enabled: true });
    expect(messages(parkingAreaInput.safeParse({ name: '片区', lat: 91 }))).toEqual(['纬度应在-90到90之间']);
    expect(messages(parkingAreaInput.safeParse({ name: '片区', checkInRange: 10001 }))).toEqual(['打卡范围最大为10000米']);
  });
});
