import { longRentalInput, parkingAreaInput, parkingLotInput, type LongRental, type ParkingArea, type ParkingLot } from '@parking/contract';
import { describe, expect, it } from 'vitest';
import { areaFormBody, areaToFormValues } from './area-form-values';
import { longRentalFormBody, longRentalToFormValues } from './long-rental-form-values';
import { lotDeleteQuestion, lotFormBody, lotToFormValues } from './lot-form-values';

// the contract wants uuids for picked users and areas
const u1 = '0195f0a0-0000-7000-8000-000000000001';
const a1 = '0195f0a0-0000-7000-8000-0000000000a1';

const lot = (overrides: Partial<ParkingLot> = {}): ParkingLot => ({
  id: 'l-1',
  tenantId: 't-1',
  areaId: a1,
  areaName: '福田片区',
  name: '万象天地停车场',
  type: 1,
  kind: 'lane',
  address: '广东省深圳市南山区深南大道9668号',
  provinceCode: '440000',
  cityCode: '440300',
  districtCode: '440305',
  lng: 113.95,
  lat: 22.54,
  totalSpaces: 800,
  longRentalSpaces: 100,
  reservedSpaces: 20,
  chargingSpaces: 40,
  freeCount: 512,
  selfOperated: true,
  prepay: false,
  managerIds: [u1, 'u-gone'],
  managers: [{ id: u1, name: '张三' }],
  enabled: true,
  longRentalSpaceLeave: true,
  tariffId: null,
  createdAt: '2026-03-01T02:00:00.000Z',
  updatedAt: '2026-03-01T02:00:00.000Z',
  ...overrides,
});

const area = (overrides: Partial<ParkingArea> = {}): ParkingArea => ({
  id: 'a-1',
  name: '福田中心片区',
  address: '福华路',
  floor: 'B1',
  lng: null,
  lat: null,
  inspectorIds: [u1],
  inspectors: [{ id: u1, name: '张三' }],
  checkInRange: 150,
  description: '',
  enabled: false,
  lotCount: 0,
  createdAt: '2026-03-01T02:00:00.000Z',
  updatedAt: '2026-03-01T02:00:00.000Z',
  ...overrides,
});

describe('lot form values', () => {
  it('a new lot starts lane-based, enabled, self-operated, with zero spaces and no region', () => {
    const values = lotToFormValues(undefined);
    expect(values).toMatchObject({ kind: 'lane', enabled: true, selfOperated: true, prepay: false, totalSpaces: 0, region: [] });
    // the empty form's body is what the contract would still refuse only for the missing name
    expect(parkingLotInput.safeParse(lotFormBody({ ...values, name: '新停车场', type: 2 }, undefined)).success).toBe(true);
  });

  it('round-trips a lot: the three codes go into the cascader and come back out, the space-leave flag is kept', () => {
    const values = lotToFormValues(lot());
    expect(values.region).toEqual(['440000', '440300', '440305']);
    // a manager no longer in the tenant has no name to show, so the picker drops them
    expect(values.managerIds).toEqual([u1]);
    const body = lotFormBody(values, lot());
    expect(body).toMatchObject({ provinceCode: '440000', cityCode: '440300', districtCode: '440305', longRentalSpaceLeave: true, areaId: a1, type: 1 });
    expect(parkingLotInput.safeParse(body).success).toBe(true);
  });

  it('carries the tariff both ways: a new lot has none, a picked one is sent, a cleared one is sent as null', () => {
    const t1 = '0195f0a0-0000-7000-8000-0000000000c1';
    expect(lotToFormValues(undefined).tariffId).toBeNull();
    const values = lotToFormValues(lot({ tariffId: t1 }));
    expect(values.tariffId).toBe(t1);
    expect(lotFormBody(values, lot()).tariffId).toBe(t1);
    // the server reads null as "no tariff" and a missing field as "keep", so a cleared select must send null
    const cleared = lotFormBody({ ...values, tariffId: null }, lot({ tariffId: t1 }));
    expect(cleared.tariffId).toBeNull();
    expect(parkingLotInput.safeParse(cleared).success).toBe(true);
  });

  it('a region without districts (东莞市) leaves the district code empty; blanks become zero, null and trimmed text', () => {
    const values = {
      ...lotToFormValues(lot({ districtCode: '', cityCode: '441900' })),
      name: '  东莞停车场 ',
      totalSpaces: null,
      longRentalSpaces: null,
      reservedSpaces: null,
      chargingSpaces: null,
      lng: null,
    };
    expect(values.region).toEqual(['440000', '441900']);
    const body = lotFormBody(values, undefined);
    expect(body).toMatchObject({ name: '东莞停车场', cityCode: '441900', districtCode: '', totalSpaces: 0, chargingSpaces: 0, lng: null, longRentalSpaceLeave: false });
  });
});

describe('area form values', () => {
  it('a new area checks in within 100 m and is enabled', () => {
    expect(areaToFormValues(undefined)).toMatchObject({ checkInRange: 100, enabled: true, inspectorIds: [] });
  });

  it('round-trips an area with trimmed text and null coordinates', () => {
    const body = areaFormBody({ ...areaToFormValues(area()), name: ' 福田中心片区 ', checkInRange: null });
    expect(body).toEqual({ name: '福田中心片区', address: '福华路', floor: 'B1', lng: null, lat: null, inspectorIds: [u1], checkInRange: 100, description: '', enabled: false });
    expect(parkingAreaInput.safeParse(body).success).toBe(true);
  });
});

describe('what is bound to a lot', () => {
  const free = { lanes: 0, spaces: 0, longRentals: 0, devices: 0, groupCards: 0, openRecords: 0, records: 0 };

  it('asks to delete only a lot nothing holds', () => {
    expect(lotDeleteQuestion('甲', { ...free, deletable: true })).toEqual({
      deletable: true,
      text: '停车场「甲」没有绑定车道、泊位、设备或停车记录，删除后不可恢复。确定删除吗？',
    });
  });

  it('names the lanes, spaces, cards and devices that hold it, as the server refuses', () => {
    expect(lotDeleteQuestion('乙', { ...free, lanes: 2, spaces: 1, longRentals: 3, devices: 1, groupCards: 2, deletable: false })).toEqual({
      deletable: false,
      text: '停车场「乙」下还有2条车道、1个泊位、3个长租车位、1台设备、2张集团卡，请先删除后再删除停车场。',
    });
  });

  it('keeps a lot with parking records, open or not, and says it can only be disabled', () => {
    expect(lotDeleteQuestion('丙', { ...free, lanes: 1, records: 5, openRecords: 2, deletable: false }).text).toBe('停车场「丙」已有5条停车记录（其中2条未结束），不能删除，可将其停用。');
    expect(lotDeleteQuestion('丁', { ...free, records: 1, deletable: false }).text).toBe('停车场「丁」已有1条停车记录，不能删除，可将其停用。');
  });
});

describe('long rental form values', () => {
  const card: LongRental = {
    id: 'c-1',
    lotId: '0195f0a0-0000-7000-8000-0000000000b1',
    lotName: '甲',
    plateNumber: '粤B12345',
    plateColour: 3,
    ownerName: '王五',
    phone: '13912345678',
    validFrom: '2024-01-01',
    validTo: '2099-12-31',
    monthlyPrice: 45055,
    spaceCount: 2,
    remark: '',
    enabled: true,
    state: 'active',
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
  };

  it('a card round-trips through the form: price in yuan text, days in a range, the same body back', () => {
    const values = longRentalToFormValues(card);
    expect(values.monthlyPrice).toBe('450.55');
    const body = longRentalFormBody({ ...values, plateNumber: ' 粤b12345 ', phone: ' 13912345678 ', remark: ' 续租 ' });
    expect(body).toEqual({
      plateNumber: '粤B12345',
      plateColour: 3,
      lotId: card.lotId,
      ownerName: '王五',
      phone: '13912345678',
      validFrom: '2024-01-01',
      validTo: '2099-12-31',
      monthlyPrice: 45055,
      spaceCount: 2,
      remark: '续租',
      enabled: true,
    });
    expect(longRentalInput.safeParse(body).success).toBe(true);
  });

  it('a typed price becomes exact fen', () => {
    expect(longRentalFormBody({ ...longRentalToFormValues(card), monthlyPrice: '1.13' }).monthlyPrice).toBe(113);
  });
});
