import { describe, expect, it } from 'vitest';
import { fee } from './tariff.js';
import { beijingOnStreetClass1, beijingOnStreetClass2, beijingOnStreetClass3, calendar2025, cityTemplates, tariffSourceText, tariffTemplateSources } from './tariff.examples.js';
import { dayTypeOf } from './tariff.js';
import { tariffInput, type Tariff } from './tariff.schema.js';
import {
  sampleFirstHourDailyCap,
  sampleHalfHourDayPerVisitNight,
  sampleQuarterHourDayNight,
  sampleQuarterHourDayNightLow,
  sampleQuarterHourDayNightMid,
  sampleWorkdayOnlyNewEnergy,
} from '../test/tariff-fixtures.js';

/** Shanghai wall clock "2025-03-03T08:00" (a Monday) */
const at = (s: string) => new Date(`${s}:00+08:00`);
const amountOf = (t: Tariff, from: string, to: string, vehicleClass = 'small') => fee(t, at(from), at(to), { vehicleClass }).amount;

describe('sampleQuarterHourDayNight (白天 07-21 首小时 2.5元/15分钟 之后 3.75元/15分钟 不满15分钟不收费; 夜间 1元/2小时)', () => {
  const t = sampleQuarterHourDayNight;
  it.each([
    ['白天 1h: 首小时 2.5元×4 = 10元', '2025-03-03T08:00', '2025-03-03T09:00', 1000],
    ['白天 1h05m: 首小时 2.5元×4 + 5分钟不满15分钟不收费 = 10元', '2025-03-03T08:00', '2025-03-03T09:05', 1000],
    ['白天 1h14m: 首小时 10元 + 14分钟不收费 = 10元', '2025-03-03T08:00', '2025-03-03T09:14', 1000],
    ['白天 1h15m: 首小时 10元 + 1个15分钟 3.75元 = 13.75元', '2025-03-03T08:00', '2025-03-03T09:15', 1375],
    ['白天 2h: 10元 + 3.75元×4 = 25元', '2025-03-03T08:00', '2025-03-03T10:00', 2500],
    ['白天 14分钟: 不满15分钟不收费 = 0元', '2025-03-03T08:00', '2025-03-03T08:14', 0],
    ['白天 15分钟: 2.5元', '2025-03-03T08:00', '2025-03-03T08:15', 250],
    ['20:45-21:15: 白天15分钟 2.5元 + 夜间30分钟不满2小时 0元 = 2.5元', '2025-03-03T20:45', '2025-03-03T21:15', 250],
    ['20:46-21:15: 白天14分钟不收费 + 夜间不满2小时 = 0元', '2025-03-03T20:46', '2025-03-03T21:15', 0],
    ['21:00-07:00 整夜 10h: 1元×5 = 5元', '2025-03-03T21:00', '2025-03-04T07:00', 500],
    ['21:00-23:59 夜间 2h59m: 1元×1 = 1元', '2025-03-03T21:00', '2025-03-03T23:59', 100],
    ['06:00-08:00: 夜间1小时不满2小时 0元 + 07:00起白天首小时 10元 = 10元', '2025-03-04T06:00', '2025-03-04T08:00', 1000],
    ['跨零点 20:00-次日08:00: 白天首小时 10元 + 夜间 5元 + 次日白天继续计时 3.75元×4 = 30元', '2025-03-03T20:00', '2025-03-04T08:00', 3000],
  ])('%s', (_name, from, to, amount) => {
    expect(amountOf(t, from, to)).toBe(amount);
  });

  it('大型车 1h15m: 按小型车2倍 (5元×4 + 7.5元) = 27.5元', () => {
    expect(amountOf(t, '2025-03-03T08:00', '2025-03-03T09:15', 'large')).toBe(2750);
  });

  it('中档 1h30m: 1.5元×4 + 2.25元×2 = 10.5元; 低档同样时长: 0.5元×4 + 0.75元×2 = 3.5元', () => {
    expect(amountOf(sampleQuarterHourDayNightMid, '2025-03-03T08:00', '2025-03-03T09:30')).toBe(1050);
    expect(amountOf(sampleQuarterHourDayNightLow, '2025-03-03T08:00', '2025-03-03T09:30')).toBe(350);
  });

  it('明细 1h15m: 首小时与首小时后各一行，标签可读，合计等于金额', () => {
    const result = fee(t, at('2025-03-03T08:00'), at('2025-03-03T09:20'), { vehicleClass: 'small' });
    expect(result.breakdown.map((l) => [l.label, l.minutes, l.units, l.amount])).toEqual([
      ['白天 07:00-21:00 首小时 2.5元/15分钟', 60, 4, 1000],
      ['白天 07:00-21:00 首小时后 3.75元/15分钟', 15, 1, 375],
      ['白天 07:00-21:00 首小时后 3.75元/15分钟（不足15分钟不计费）', 5, 0, 0],
    ]);
    expect(result.amount).toBe(1375);
    expect(result.breakdown[0]!.from).toEqual(at('2025-03-03T08:00'));
    expect(result.breakdown[2]!.to).toEqual(at('2025-03-03T09:20'));
  });
});

describe('sampleHalfHourDayPerVisitNight (首30分钟免费含30分钟; 白天 08-20 首小时 5元/半小时 之后 6元/半小时 不足半小时按半小时; 夜间 5元/次)', () => {
  const t = sampleHalfHourDayPerVisitNight;
  it.each([
    ['30分钟: 不超过免费时长30分钟 = 0元', '2025-03-03T09:00', '2025-03-03T09:30', 0],
    ['31分钟: 超过免费时长从入场计 5元 + 1分钟按半小时 5元 = 10元', '2025-03-03T09:00', '2025-03-03T09:31', 1000],
    ['1h: 首小时 5元×2 = 10元', '2025-03-03T09:00', '2025-03-03T10:00', 1000],
    ['1h01m: 10元 + 1分钟按半小时 6元 = 16元', '2025-03-03T09:00', '2025-03-03T10:01', 1600],
    ['夜间 20:00-22:00: 按次 5元', '2025-03-03T20:00', '2025-03-03T22:00', 500],
    ['19:30-21:00: 白天半小时 5元 + 夜间按次 5元 = 10元', '2025-03-03T19:30', '2025-03-03T21:00', 1000],
    ['跨零点 22:00-次日07:00: 夜间连续一次 5元', '2025-03-03T22:00', '2025-03-04T07:00', 500],
    ['22:00-次日09:00: 夜间 5元 + 08:00起白天首小时 10元 = 15元', '2025-03-03T22:00', '2025-03-04T09:00', 1500],
    ['恰好24h 10:00-次日10:00: 白天10h (10元+6元×18) + 夜间 5元 + 次日2h 6元×4 = 147元', '2025-03-03T10:00', '2025-03-04T10:00', 14700],
    ['24h+1分钟: 147元 + 第二个24小时重新计费 首小时 5元 = 152元', '2025-03-03T10:00', '2025-03-04T10:01', 15200],
  ])('%s', (_name, from, to, amount) => {
    expect(amountOf(t, from, to)).toBe(amount);
  });

  it('黄牌大型车 1h: 按小型车加倍 10元×2 = 20元; 夜间按次也加倍 = 10元', () => {
    expect(amountOf(t, '2025-03-03T09:00', '2025-03-03T10:00', 'large')).toBe(2000);
    expect(amountOf(t, '2025-03-03T20:00', '2025-03-03T22:00', 'large')).toBe(1000);
  });

  it('30分钟免费时的说明', () => {
    const result = fee(t, at('2025-03-03T09:00'), at('2025-03-03T09:30'), { vehicleClass: 'small' });
    expect(result).toMatchObject({ amount: 0, breakdown: [], freeReason: '停车30分钟，不超过免费时长30分钟' });
  });

  it('夜间明细: 按次一行', () => {
    const result = fee(t, at('2025-03-03T22:00'), at('2025-03-04T07:00'), { vehicleClass: 'small' });
    expect(result.breakdown.map((l) => [l.label, l.minutes, l.units, l.amount])).toEqual([['夜间 20:00-08:00 按次 5元', 540, 1, 500]]);
  });
});

describe('sampleFirstHourDailyCap (07-22 收费; 蓝牌首小时 5元 之后 3元/半小时; 黄牌 8元/5元; 当日最高 50元; 15分钟内免费)', () => {
  const t = sampleFirstHourDailyCap;
  it.each([
    ['15分钟: 15分钟内免费 = 0元', '2025-03-03T09:00', '2025-03-03T09:15', 0],
    ['16分钟: 首小时 5元', '2025-03-03T09:00', '2025-03-03T09:16', 500],
    ['1h: 首小时 5元', '2025-03-03T09:00', '2025-03-03T10:00', 500],
    ['1h01m: 5元 + 1分钟按半小时 3元 = 8元', '2025-03-03T09:00', '2025-03-03T10:01', 800],
    ['3h: 5元 + 3元×4 = 17元', '2025-03-03T09:00', '2025-03-03T12:00', 1700],
    ['8h30m: 5元 + 3元×15 = 50元 恰好达到当日封顶', '2025-03-03T07:00', '2025-03-03T15:30', 5000],
    ['8h31m: 5元 + 3元×16 = 53元，当日封顶 50元', '2025-03-03T07:00', '2025-03-03T15:31', 5000],
    ['21:30-23:00: 收费时段内30分钟按首小时 5元，22:00后免费', '2025-03-03T21:30', '2025-03-03T23:00', 500],
    ['22:00-次日07:00: 全在非收费时段 = 0元', '2025-03-03T22:00', '2025-03-04T07:00', 0],
    ['07:00-次日08:00: 首日封顶 50元 + 次日连续计时 3元×2 = 56元', '2025-03-03T07:00', '2025-03-04T08:00', 5600],
  ])('%s', (_name, from, to, amount) => {
    expect(amountOf(t, from, to, 'blue')).toBe(amount);
  });

  it('黄牌 1h30m: 自有费率 首小时 8元 + 5元 = 13元', () => {
    expect(amountOf(t, '2025-03-03T09:00', '2025-03-03T10:30', 'yellow')).toBe(1300);
  });

  it('封顶明细: 超出部分标明已达当日封顶，合计 50元', () => {
    const result = fee(t, at('2025-03-03T07:00'), at('2025-03-03T16:00'), { vehicleClass: 'blue' });
    expect(result.amount).toBe(5000);
    expect(result.breakdown.at(-1)).toMatchObject({ label: '收费时段 07:00-22:00 首小时后 3元/半小时（已达当日封顶50元）', units: 1, amount: 0 });
    expect(result.breakdown.reduce((s, l) => s + l.amount, 0)).toBe(5000);
  });

  it('非收费时段的说明', () => {
    const result = fee(t, at('2025-03-03T22:00'), at('2025-03-04T07:00'), { vehicleClass: 'blue' });
    expect(result.freeReason).toBe('停车时间全部在非收费时段');
  });
});

describe('sampleWorkdayOnlyNewEnergy (工作日 07:30-21:00 5元/30分钟; 非工作日免费; 15分钟以内免费不含15分钟; 新能源首1小时免费; 阶梯按自然日重计)', () => {
  const t = sampleWorkdayOnlyNewEnergy;
  it.each([
    ['工作日 14分钟: 不足免费时长15分钟 = 0元', '2025-03-03T10:00', '2025-03-03T10:14', 0],
    ['工作日 15分钟: 不含15分钟，计费 1个30分钟 5元', '2025-03-03T10:00', '2025-03-03T10:15', 500],
    ['工作日 1h: 5元×2 = 10元', '2025-03-03T10:00', '2025-03-03T11:00', 1000],
    ['周六 2025-03-08 2h: 非工作日免费 = 0元', '2025-03-08T10:00', '2025-03-08T12:00', 0],
    ['调休上班的周日 2025-09-28 1h: 按工作日 10元', '2025-09-28T10:00', '2025-09-28T11:00', 1000],
    ['国庆 2025-10-01 (周三) 1h: 节假日按非工作日免费', '2025-10-01T10:00', '2025-10-01T11:00', 0],
    ['普通周三 2025-10-15 1h: 工作日 10元', '2025-10-15T10:00', '2025-10-15T11:00', 1000],
    ['07:29-07:45: 停车16分钟超过免费时长，收费时段内15分钟按30分钟 5元', '2025-03-03T07:29', '2025-03-03T07:45', 500],
    ['07:00-07:30: 停车30分钟全在收费时段外 = 0元', '2025-03-03T07:00', '2025-03-03T07:30', 0],
    ['周一 20:00-周二 08:30: 周一 5元×2 + 周二 07:30-08:30 5元×2 = 20元', '2025-03-03T20:00', '2025-03-04T08:30', 2000],
  ])('%s', (_name, from, to, amount) => {
    expect(amountOf(t, from, to)).toBe(amount);
  });

  it.each([
    ['新能源 1h: 首1小时免费 = 0元', '2025-03-03T10:00', '2025-03-03T11:00', 0],
    ['新能源 1h30m: 首1小时免费 + 5元 = 5元', '2025-03-03T10:00', '2025-03-03T11:30', 500],
    ['新能源 周一 20:00-周二 08:30: 每个自然日首1小时都免费 (阶梯按日重计) = 0元', '2025-03-03T20:00', '2025-03-04T08:30', 0],
  ])('%s', (_name, from, to, amount) => {
    expect(amountOf(t, from, to, 'smallNewEnergy')).toBe(amount);
  });

  it('大型车 1h: 加倍 20元', () => {
    expect(amountOf(t, '2025-03-03T10:00', '2025-03-03T11:00', 'large')).toBe(2000);
  });
});

describe('京发改〔2018〕2770号 北京道路停车 小型车 (收费标准保持不变; 白天 7:00-19:00 15分钟为1个计时单位, 夜间 19:00-次日7:00 2小时为1个计时单位, 不足1个计时单位的不收取费用)', () => {
  const t = beijingOnStreetClass1;
  it.each([
    ['京发改〔2018〕2770号: 一类地区 白天1h 首小时内 2.5元/15分钟 ×4 = 10元', '2025-03-03T08:00', '2025-03-03T09:00', 1000],
    ['京发改〔2018〕2770号: 一类地区 首小时后 3.75元/15分钟: 1h15m = 10元 + 3.75元 = 13.75元', '2025-03-03T08:00', '2025-03-03T09:15', 1375],
    ['京发改〔2018〕2770号 注1: 白天14分钟 不足1个计时单位 不收取费用', '2025-03-03T08:00', '2025-03-03T08:14', 0],
    ['京发改〔2018〕2770号 注1: 白天15分钟 满1个计时单位 2.5元', '2025-03-03T08:00', '2025-03-03T08:15', 250],
    ['京发改〔2018〕2770号 注1: 1h29m = 首小时 10元 + 1个15分钟 3.75元, 末14分钟不收费 = 13.75元', '2025-03-03T08:00', '2025-03-03T09:29', 1375],
    ['白天止于19:00 (2018-05-01起): 18:00-21:00 = 白天首小时 10元 + 夜间2小时 1元 = 11元', '2025-03-03T18:00', '2025-03-03T21:00', 1100],
    ['夜间 19:00(不含)-次日7:00 1元/2小时: 整夜12小时 = 6元', '2025-03-03T19:00', '2025-03-04T07:00', 600],
    ['夜间 19:00-20:59: 不满2小时 不收取费用', '2025-03-03T19:00', '2025-03-03T20:59', 0],
    ['夜间 19:00-21:00: 满2小时 1元', '2025-03-03T19:00', '2025-03-03T21:00', 100],
    ['06:00-08:00: 夜间1小时不满2小时 0元 + 7:00起白天首小时 10元 = 10元', '2025-03-04T06:00', '2025-03-04T08:00', 1000],
  ])('%s', (_name, from, to, amount) => {
    expect(amountOf(t, from, to)).toBe(amount);
  });

  it('京发改〔2018〕2770号: 二类地区 1h30m = 1.5元×4 + 2.25元×2 = 10.5元; 三类地区 = 0.5元×4 + 0.75元×2 = 3.5元', () => {
    expect(amountOf(beijingOnStreetClass2, '2025-03-03T08:00', '2025-03-03T09:30')).toBe(1050);
    expect(amountOf(beijingOnStreetClass3, '2025-03-03T08:00', '2025-03-03T09:30')).toBe(350);
  });

  it('京发改〔2018〕2770号: 明细 白天 07:00-19:00 首小时与首小时后各一行，不足15分钟的尾数不计费', () => {
    const result = fee(t, at('2025-03-03T08:00'), at('2025-03-03T09:20'), { vehicleClass: 'small' });
    expect(result.breakdown.map((l) => [l.label, l.minutes, l.units, l.amount])).toEqual([
      ['白天 07:00-19:00 首小时 2.5元/15分钟', 60, 4, 1000],
      ['白天 07:00-19:00 首小时后 3.75元/15分钟', 15, 1, 375],
      ['白天 07:00-19:00 首小时后 3.75元/15分钟（不足15分钟不计费）', 5, 0, 0],
    ]);
  });

  it('大型车 standard not verified: the templates hold 小型车 only and say so', () => {
    for (const tariff of [beijingOnStreetClass1, beijingOnStreetClass2, beijingOnStreetClass3]) expect(tariff.vehicleClasses.map((c) => c.code)).toEqual(['small']);
    expect(tariffTemplateSources.beijingOnStreetClass1.notModelled?.join('')).toContain('大型车');
  });
});

describe('国办发明电〔2024〕12号 2025年部分节假日安排 (calendar2025)', () => {
  const t = tariffInput.parse({ name: '日历', effectiveFrom: '2025-01-01', calendar: calendar2025, schedule: { workday: [], nonWorkday: [] }, vehicleClasses: [{ code: 'c', name: '车' }] });
  it.each([
    ['元旦 1月1日放假', '2025-01-01', 'holiday'],
    ['春节 1月28日至2月4日放假调休 共8天', '2025-02-04', 'holiday'],
    ['1月26日(周日)上班', '2025-01-26', 'workday'],
    ['2月8日(周六)上班', '2025-02-08', 'workday'],
    ['清明节 4月4日至6日', '2025-04-06', 'holiday'],
    ['劳动节 5月1日至5日, 4月27日(周日)上班', '2025-04-27', 'workday'],
    ['端午节 5月31日至6月2日', '2025-06-02', 'holiday'],
    ['国庆节、中秋节 10月1日至8日', '2025-10-08', 'holiday'],
    ['9月28日(周日)上班', '2025-09-28', 'workday'],
    ['10月11日(周六)上班', '2025-10-11', 'workday'],
    ['10月9日 节后周四 工作日', '2025-10-09', 'workday'],
  ])('%s', (_name, date, dayType) => {
    expect(dayTypeOf(t, date)).toBe(dayType);
  });
  it('has 28 holidays: 1 + 8 + 3 + 5 + 3 + 8', () => {
    expect(calendar2025.holidays).toHaveLength(28);
  });
});

describe('every bundled template carries its document', () => {
  it('issuer, title, 文号, date and the clauses it follows', () => {
    expect(cityTemplates.length).toBeGreaterThan(0);
    for (const { tariff, source } of cityTemplates) {
      expect(source.issuer, tariff.name).not.toBe('');
      expect(source.title, tariff.name).not.toBe('');
      expect(source.number, tariff.name).toMatch(/〔\d{4}〕\d+号$/);
      expect(source.date, tariff.name).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(source.clauses.length, tariff.name).toBeGreaterThan(0);
    }
    expect(tariffSourceText(tariffTemplateSources.calendar2025)).toBe('国办发明电〔2024〕12号（2024-11-12）国务院办公厅《国务院办公厅关于2025年部分节假日安排的通知》');
  });
  it('keys are unique', () => {
    expect(new Set(cityTemplates.map((c) => c.key)).size).toBe(cityTemplates.length);
  });
});
