import { describe, expect, it } from 'vitest';
import { parkingRecordDetailPath, parkingRecordListPath, safeRestBack } from './record-paths';

describe('safeRestBack', () => {
  it('keeps an in-app path with its query', () => {
    expect(safeRestBack('/OrderManagement/ParkingRecordOrder?plateNumber=%E7%B2%A4B1')).toBe('/OrderManagement/ParkingRecordOrder?plateNumber=%E7%B2%A4B1');
  });

  it('falls back to the list for nothing, another site or a protocol-relative address', () => {
    for (const unsafe of [null, undefined, '', 'https://evil.example/', '//evil.example/x', 'javascript:alert(1)', '/\\evil.example']) {
      expect(safeRestBack(unsafe)).toBe(parkingRecordListPath);
    }
  });

  it('puts the way back into the detail address, encoded', () => {
    expect(parkingRecordDetailPath('r-1', '/OrderManagement/ParkingRecordOrder?state=paid')).toBe(
      '/OrderManagement/parkingRecordOrderInfo/r-1?restBack=%2FOrderManagement%2FParkingRecordOrder%3Fstate%3Dpaid',
    );
  });
});
