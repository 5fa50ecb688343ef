import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessIso, businessNow, businessToday, dayText, formatBusiness, isBeforeWall, pickerDay, pickerTime, wallTime } from './business-time';

// 2026-11-20 23:30 UTC is already 2026-11-21 07:30 in Shanghai
const lateUtc = Date.parse('2026-11-20T23:30:00Z');

// the browser's zone is the process's: each zone runs the same checks, and the answers are Shanghai's
for (const zone of ['UTC', 'America/New_York', 'Asia/Shanghai', 'Pacific/Kiritimati']) {
  describe(`business time in a browser in ${zone}`, () => {
    const before = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = zone;
    });
    afterAll(() => {
      process.env.TZ = before;
    });

    it('runs in that zone', () => {
      const offset = { UTC: 0, 'America/New_York': 300, 'Asia/Shanghai': -480, 'Pacific/Kiritimati': -840 }[zone];
      expect(new Date(lateUtc).getTimezoneOffset()).toBe(offset);
    });

    it('a time picked as 08:00 goes out as 08:00+08:00', () => {
      const picked = businessToday(lateUtc).hour(8);
      expect(picked.format('YYYY-MM-DD HH:mm')).toBe('2026-11-21 08:00');
      expect(businessIso(picked)).toBe('2026-11-21T08:00:00+08:00');
      expect(businessIso(picked.hour(9).minute(10))).toBe('2026-11-21T09:10:00+08:00');
    });

    it("today and now are Shanghai's", () => {
      expect(businessNow(lateUtc).format('YYYY-MM-DD HH:mm')).toBe('2026-11-21 07:30');
      expect(businessToday(lateUtc).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-21 00:00:00');
      expect(businessIso(businessToday(lateUtc))).toBe('2026-11-21T00:00:00+08:00');
    });

    it('a time from the API shows and goes back as the Shanghai wall time', () => {
      expect(formatBusiness('2026-11-20T00:00:00Z')).toBe('2026-11-20 08:00:00');
      expect(formatBusiness(lateUtc, 'MM-DD HH:mm')).toBe('11-21 07:30');
      expect(formatBusiness('')).toBe('');
      expect(formatBusiness('not a time')).toBe('not a time');
      const shown = pickerTime('2026-11-20T00:10:00Z')!;
      expect(shown.format('YYYY-MM-DD HH:mm')).toBe('2026-11-20 08:10');
      expect(businessIso(shown)).toBe('2026-11-20T08:10:00+08:00');
      expect(pickerTime(undefined)).toBeUndefined();
      expect(wallTime('nonsense')).toBeUndefined();
    });

    it('antd\'s "now" (dayjs().tz()) is the Shanghai wall time, and compares with a plain wall time by its fields', () => {
      const antdNow = dayjs(lateUtc).tz();
      expect(antdNow.format('YYYY-MM-DD HH:mm')).toBe('2026-11-21 07:30');
      expect(businessIso(antdNow)).toBe('2026-11-21T07:30:00+08:00');
      const eight = businessToday(lateUtc).hour(8);
      expect(isBeforeWall(antdNow, eight)).toBe(true);
      expect(isBeforeWall(eight, antdNow)).toBe(false);
    });

    it('a calendar day stays the day picked', () => {
      expect(dayText(pickerDay('2026-11-21')!)).toBe('2026-11-21');
      expect(dayText(pickerDay('2026-11-21T00:00:00+08:00')!)).toBe('2026-11-21');
      expect(pickerDay('')).toBeUndefined();
      expect(pickerDay('2026-13-40')).toBeUndefined();
    });
  });
}
