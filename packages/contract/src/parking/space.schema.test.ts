import { describe, expect, it } from 'vitest';
import { parkingLaneInput } from './lane.schema.js';
import { parkingSpaceBatchInput, parkingSpaceBatchNumbers, parkingSpaceInput } from './space.schema.js';

const lotId = '6f1c1f9e-2b1a-4a57-9a55-0d8f0c0e5b11';
const messages = (result: { error?: { issues: { message: string }[] } | undefined }) => result.error?.issues.map((i) => i.message) ?? [];

describe('space batch numbers', () => {
  it('pads to the digits asked: A + 1..120 + 3 digits → A001–A120', () => {
    const numbers = parkingSpaceBatchNumbers({ prefix: 'A', start: 1, end: 120, digits: 3 });
    expect(numbers).toHaveLength(120);
    expect([numbers[0], numbers[9], numbers[99], numbers[119]]).toEqual(['A001', 'A010', 'A100', 'A120']);
  });

  it('never cuts a number longer than the digits, and takes no prefix', () => {
    expect(parkingSpaceBatchNumbers({ prefix: '', start: 98, end: 101, digits: 2 })).toEqual(['98', '99', '100', '101']);
  });

  it('makes one number when start equals end', () => {
    expect(parkingSpaceBatchNumbers({ prefix: 'B-', start: 7, end: 7, digits: 1 })).toEqual(['B-7']);
  });

  it('allows 2000 numbers a call and refuses 2001 or a reversed range', () => {
    expect(parkingSpaceBatchInput.safeParse({ lotId, start: 1, end: 2000 }).success).toBe(true);
    expect(messages(parkingSpaceBatchInput.safeParse({ lotId, start: 1, end: 2001 }))).toEqual(['一次最多生成2000个泊位']);
    expect(messages(parkingSpaceBatchInput.safeParse({ lotId, start: 5, end: 4 }))).toEqual(['结束编号不能小于起始编号']);
  });
});

describe('space and lane input', () => {
  it('fills the defaults of a minimal space', () => {
    expect(parkingSpaceInput.parse({ lotId, number: ' A001 ' })).toEqual({
      lotId,
      number: 'A001',
      type: 0,
      charging: false,
      state: 'free',
      sensorSn: '',
      lng: null,
      lat: null,
    });
  });

  it('refuses an unknown type or state', () => {
    expect(messages(parkingSpaceInput.safeParse({ lotId, number: 'A1', type: 4 }))).toEqual(['泊位类型只能是0到3']);
    expect(messages(parkingSpaceInput.safeParse({ lotId, number: 'A1', state: 'busy' }))).toEqual(['泊位状态只能是 free（空闲）、occupied（占用）或 fault（故障）']);
  });

  it('fills the defaults of a minimal lane', () => {
    expect(parkingLaneInput.parse({ lotId, name: '1号入口', direction: 'in' })).toEqual({
      lotId,
      name: '1号入口',
      direction: 'in',
      releaseAfterPayment: true,
      enabled: true,
      sortCode: 0,
    });
  });
});
