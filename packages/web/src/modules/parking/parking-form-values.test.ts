import { parkingAreaInput, parkingLotInput, type ParkingArea, type ParkingLot } from '@parking/contract';
import { describe, expect, it } from 'vitest';
import { areaFormBody, areaToFormValues } from './area-form-values';
import { bindingsText, lotDeleteQuestion, lotFormBody, lotToFormValues } from './lot-form-values';

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
    const values = { ...lotToFormValues(lot({ districtCode: '', cityCode: '441900' })), name: '  东莞停车场 ', totalSpaces: null, longRentalSpaces: null, reservedSpaces: null, chargingSpaces: null, lng: null };
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
  it('names lanes, spaces and open orders that hold it', () => {
    expect(bindingsText({ lanes: 1, spaces: 2, longRentals: 0, devices: 0, openOrders: 0, deletable: false })).toBe('1条车道、2个泊位');
    expect(bindingsText({ lanes: 0, spaces: 0, longRentals: 2, devices: 0, openOrders: 0, deletable: false })).toBe('2个长租车位');
    expect(bindingsText({ lanes: 0, spaces: 0, longRentals: 0, devices: 1, openOrders: 0, deletable: false })).toBe('1台设备');
    expect(bindingsText({ lanes: 0, spaces: 0, longRentals: 0, devices: 0, openOrders: 3, deletable: false })).toBe('3笔未结束订单');
    expect(bindingsText({ lanes: 0, spaces: 0, longRentals: 0, devices: 0, openOrders: 0, deletable: true })).toBe('');
  });

  it('asks to delete only a lot nothing holds', () => {
    expect(lotDeleteQuestion('甲', { lanes: 0, spaces: 0, longRentals: 0, devices: 0, openOrders: 0, deletable: true })).toEqual({
      deletable: true,
      text: '停车场「甲」没有绑定车道、泊位或未结束订单，删除后不可恢复。确定删除吗？',
    });
    expect(lotDeleteQuestion('乙', { lanes: 2, spaces: 0, longRentals: 0, devices: 0, openOrders: 0, deletable: false })).toEqual({
      deletable: false,
      text: '停车场「乙」下还有2条车道，请先删除后再删除停车场。',
    });
  });
});
