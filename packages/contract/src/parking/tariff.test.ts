import { describe, expect, it } from 'vitest';
import { dayTypeOf, fee, vehicleClassFor, vehicleOf } from './tariff.js';
import { calendar2025 } from './tariff.examples.js';
import { sampleHalfHourDayPerVisitNight, sampleWorkdayOnlyNewEnergy } from '../test/tariff-fixtures.js';
import { tariffInput, type Tariff, type TariffDayScheduleInput, type TariffInput } from './tariff.schema.js';

/** Shanghai wall clock "2025-03-03T08:00" (2025-03-03 is a Monday) */
const at = (s: string) => new Date(`${s}:00+08:00`);

const perHour = (fen: number): TariffDayScheduleInput[number]['pricing'] => ({
  kind: 'perUnit',
  tiers: [{ unitMinutes: 60, unitPrice: fen }],
  rounding: { mode: 'up' },
});

/** A tariff charging 1元/小时 around the clock unless the test says otherwise. */
const tariffOf = (overrides: Partial<TariffInput> = {}, segments?: TariffDayScheduleInput): Tariff => {
  const day = segments ?? [{ label: '全天', start: '00:00', end: '00:00', pricing: perHour(100) }];
  return tariffInput.parse({
    name: '测试',
    effectiveFrom: '2025-01-01',
    schedule: { workday: day, nonWorkday: day },
    vehicleClasses: [{ code: 'small', name: '小型车' }],
    over24h: 'continue',
    ...overrides,
  });
};
const amountOf = (t: Tariff, from: string, to: string, context: { vehicleClass?: string; paidAt?: string } = {}) =>
  fee(t, at(from), at(to), { vehicleClass: context.vehicleClass ?? 'small', ...(context.paidAt ? { paidAt: at(context.paidAt) } : {}) }).amount;

describe('free period', () => {
  const inclusive = tariffOf({ freePeriod: { minutes: 20, inclusive: true } });
  const exclusive = tariffOf({ freePeriod: { minutes: 20, inclusive: false } });
  it.each([
    ['含20分钟 停19分钟: 免费', inclusive, '10:19', 0],
    ['含20分钟 停20分钟: 恰好等于免费时长也免费', inclusive, '10:20', 0],
    ['含20分钟 停21分钟: 从入场计 1小时 1元', inclusive, '10:21', 100],
    ['不含20分钟 停19分钟: 免费', exclusive, '10:19', 0],
    ['不含20分钟 停20分钟: 等于免费时长要收费 1元', exclusive, '10:20', 100],
  ])('%s', (_name, t, to, amount) => {
    expect(amountOf(t, '2025-03-03T10:00', `2025-03-03T${to}`)).toBe(amount);
  });

  it('不含20分钟 停19分钟的说明: 不足免费时长', () => {
    expect(fee(exclusive, at('2025-03-03T10:00'), at('2025-03-03T10:19'), { vehicleClass: 'small' }).freeReason).toBe('停车19分钟，不足免费时长20分钟');
  });

  it('秒被舍去: 10:00:59 入场 10:20:00 出场按20分钟算，含20分钟免费', () => {
    const result = fee(inclusive, new Date('2025-03-03T10:00:59+08:00'), at('2025-03-03T10:20'), { vehicleClass: 'small' });
    expect(result.amount).toBe(0);
  });
});

describe('rounding of a partial unit (1元/15分钟)', () => {
  const quarter = (rounding: TariffInput['schedule']['workday'][number]['pricing']) => tariffOf({}, [{ label: '全天', start: '00:00', end: '00:00', pricing: rounding }]);
  const withRounding = (r: { mode: 'up' } | { mode: 'down' } | { mode: 'threshold'; leftoverMinutes: number }) =>
    quarter({ kind: 'perUnit', tiers: [{ unitMinutes: 15, unitPrice: 100 }], rounding: r });
  it.each([
    ['向上取整 16分钟: 1元 + 余1分钟按15分钟 1元 = 2元', withRounding({ mode: 'up' }), '10:16', 200],
    ['向上取整 15分钟: 恰好1个单位 1元', withRounding({ mode: 'up' }), '10:15', 100],
    ['向下取整 29分钟: 1元 + 余14分钟不计 = 1元', withRounding({ mode: 'down' }), '10:29', 100],
    ['向下取整 30分钟: 2元', withRounding({ mode: 'down' }), '10:30', 200],
    ['超过5分钟才计 20分钟: 余5分钟不超过阈值 = 1元', withRounding({ mode: 'threshold', leftoverMinutes: 5 }), '10:20', 100],
    ['超过5分钟才计 21分钟: 余6分钟超过阈值 = 2元', withRounding({ mode: 'threshold', leftoverMinutes: 5 }), '10:21', 200],
    ['阈值0 16分钟: 余1分钟即计 = 2元', withRounding({ mode: 'threshold', leftoverMinutes: 0 }), '10:16', 200],
  ])('%s', (_name, t, to, amount) => {
    expect(amountOf(t, '2025-03-03T10:00', `2025-03-03T${to}`)).toBe(amount);
  });
});

describe('tiers: 首2小时 1元/小时, 之后 3元/小时 (白天 08-20, 夜间免费)', () => {
  const day: TariffDayScheduleInput = [
    {
      label: '白天',
      start: '08:00',
      end: '20:00',
      pricing: {
        kind: 'perUnit',
        tiers: [
          { uptoMinutes: 120, unitMinutes: 60, unitPrice: 100 },
          { uptoMinutes: null, unitMinutes: 60, unitPrice: 300 },
        ],
        rounding: { mode: 'up' },
      },
    },
  ];
  const continuing = tariffOf({ tierClock: 'continue' }, day);
  const restarting = tariffOf({ tierClock: 'restartDaily' }, day);
  it.each([
    ['2h: 1元×2 = 2元', continuing, '2025-03-03T08:00', '2025-03-03T10:00', 200],
    ['2h01m: 2元 + 第3小时起 3元 = 5元', continuing, '2025-03-03T08:00', '2025-03-03T10:01', 500],
    ['连续累计 周一19:00-周二10:00: 周一1h 1元 + 夜间免费 + 周二 1元 + 3元 = 5元', continuing, '2025-03-03T19:00', '2025-03-04T10:00', 500],
    ['按自然日重计 周一19:00-周二10:00: 周一 1元 + 周二重新首2小时 1元×2 = 3元', restarting, '2025-03-03T19:00', '2025-03-04T10:00', 300],
    ['恰好在第2小时末 周一19:00-周二09:00 连续累计: 1元 + 1元 = 2元', continuing, '2025-03-03T19:00', '2025-03-04T09:00', 200],
  ])('%s', (_name, t, from, to, amount) => {
    expect(amountOf(t, from, to)).toBe(amount);
  });

  it('明细标签: 首2小时 与 2小时后', () => {
    const result = fee(continuing, at('2025-03-03T08:00'), at('2025-03-03T11:00'), { vehicleClass: 'small' });
    expect(result.breakdown.map((l) => l.label)).toEqual(['白天 08:00-20:00 首2小时 1元/小时', '白天 08:00-20:00 2小时后 3元/小时']);
  });

  it('三级阶梯的中间一级写作 第1-3小时', () => {
    const t = tariffOf({}, [
      {
        label: '全天',
        start: '00:00',
        end: '00:00',
        pricing: {
          kind: 'perUnit',
          tiers: [
            { uptoMinutes: 30, unitMinutes: 30, unitPrice: 0, label: '首30分钟免费' },
            { uptoMinutes: 180, unitMinutes: 30, unitPrice: 100 },
            { uptoMinutes: null, unitMinutes: 60, unitPrice: 500 },
          ],
          rounding: { mode: 'up' },
        },
      },
    ]);
    const result = fee(t, at('2025-03-03T08:00'), at('2025-03-03T12:00'), { vehicleClass: 'small' });
    expect(result.breakdown.map((l) => [l.label, l.units, l.amount])).toEqual([
      ['全天 00:00-00:00 首30分钟免费 0元/半小时', 1, 0],
      ['全天 00:00-00:00 第30-180分钟 1元/半小时', 5, 500],
      ['全天 00:00-00:00 3小时后 5元/小时', 1, 500],
    ]);
  });
});

describe('day/night segments and caps', () => {
  const dayNight: TariffDayScheduleInput = [
    { label: '白天', start: '08:00', end: '20:00', pricing: perHour(200) },
    { label: '夜间', start: '20:00', end: '08:00', pricing: perHour(100), capPerStretch: 500 },
  ];
  const t = tariffOf({}, dayNight);
  it.each([
    ['07:59-08:01: 夜间1分钟 1元 + 白天1分钟 2元 = 3元', '2025-03-03T07:59', '2025-03-03T08:01', 300],
    ['08:00-20:00: 白天 2元×12 = 24元', '2025-03-03T08:00', '2025-03-03T20:00', 2400],
    ['19:59-20:01: 白天 2元 + 夜间 1元 = 3元', '2025-03-03T19:59', '2025-03-03T20:01', 300],
    ['夜间 20:00-01:00 5h: 1元×5 = 5元 恰好达到时段封顶', '2025-03-03T20:00', '2025-03-04T01:00', 500],
    ['夜间 20:00-02:00 6h: 6元 超过时段封顶 5元', '2025-03-03T20:00', '2025-03-04T02:00', 500],
    ['两个夜间各自封顶: 周一20:00-周三08:00 = 5元 + 白天24元 + 5元 = 34元', '2025-03-03T20:00', '2025-03-05T08:00', 3400],
  ])('%s', (_name, from, to, amount) => {
    expect(amountOf(t, from, to)).toBe(amount);
  });

  it('按次计价的夜间段: 22:00-次日06:00 跨零点只收一次 3元', () => {
    const flat = tariffOf({}, [
      { label: '白天', start: '08:00', end: '20:00', pricing: perHour(200) },
      { label: '夜间', start: '20:00', end: '08:00', pricing: { kind: 'perVisit', price: 300 } },
    ]);
    expect(amountOf(flat, '2025-03-03T22:00', '2025-03-04T06:00')).toBe(300);
  });

  const capped = (caps: TariffInput['caps']) => tariffOf({ caps });
  it.each([
    ['自然日封顶10元 10:00-20:00: 1元×10 恰好10元', capped({ perNaturalDay: 1000 }), '2025-03-03T10:00', '2025-03-03T20:00', 1000],
    ['自然日封顶10元 10:00-21:00: 11元 封顶 10元', capped({ perNaturalDay: 1000 }), '2025-03-03T10:00', '2025-03-03T21:00', 1000],
    ['自然日封顶10元 周一20:00-周二08:00: 周一4元 + 周二8元 = 12元 (各日未达封顶)', capped({ perNaturalDay: 1000 }), '2025-03-03T20:00', '2025-03-04T08:00', 1200],
    ['24小时封顶10元 周一20:00-周二08:00: 12元 封顶 10元', capped({ perRolling24h: 1000 }), '2025-03-03T20:00', '2025-03-04T08:00', 1000],
    ['24小时封顶10元 恰好24h: 10元', capped({ perRolling24h: 1000 }), '2025-03-03T10:00', '2025-03-04T10:00', 1000],
    ['24小时封顶10元 24h+1分钟: 10元 + 第二个24小时 1元 = 11元', capped({ perRolling24h: 1000 }), '2025-03-03T10:00', '2025-03-04T10:01', 1100],
    [
      '两种封顶同时: 自然日8元、24小时10元 周一10:00-周二10:00: 周一8元 + 周二2元(24小时剩余) = 10元',
      capped({ perNaturalDay: 800, perRolling24h: 1000 }),
      '2025-03-03T10:00',
      '2025-03-04T10:00',
      1000,
    ],
  ])('%s', (_name, tariff, from, to, amount) => {
    expect(amountOf(tariff, from, to)).toBe(amount);
  });

  it('封顶截断的那一个单位只收剩余额度: 封顶2.5元 3h = 1元 + 1元 + 0.5元', () => {
    const result = fee(capped({ perNaturalDay: 250 }), at('2025-03-03T10:00'), at('2025-03-03T13:00'), { vehicleClass: 'small' });
    expect(result.breakdown.map((l) => [l.units, l.amount])).toEqual([
      [2, 200],
      [1, 50],
    ]);
    expect(result.breakdown[1]!.label).toBe('全天 00:00-00:00 1元/小时（已达当日封顶2.5元）');
  });
});

describe('stays over 24 h', () => {
  const flatDay: TariffDayScheduleInput = [{ label: '全天', start: '00:00', end: '00:00', pricing: { kind: 'perVisit', price: 1000 } }];
  it.each([
    ['按次10元 重新计费 恰好24h: 10元', 'afresh', '2025-03-04T10:00', 1000],
    ['按次10元 重新计费 24h+1分钟: 第二个24小时再收一次 = 20元', 'afresh', '2025-03-04T10:01', 2000],
    ['按次10元 连续计费 30h: 整段只收一次 = 10元', 'continue', '2025-03-04T16:00', 1000],
  ] as const)('%s', (_name, over24h, to, amount) => {
    expect(amountOf(tariffOf({ over24h }, flatDay), '2025-03-03T10:00', to)).toBe(amount);
  });

  it('阶梯在每个24小时重新开始: 首小时5元 之后1元/小时, 25h = (5 + 1×23) + 5 = 33元', () => {
    const t = tariffOf({ over24h: 'afresh' }, [
      {
        label: '全天',
        start: '00:00',
        end: '00:00',
        pricing: {
          kind: 'perUnit',
          tiers: [
            { uptoMinutes: 60, unitMinutes: 60, unitPrice: 500 },
            { uptoMinutes: null, unitMinutes: 60, unitPrice: 100 },
          ],
          rounding: { mode: 'up' },
        },
      },
    ]);
    expect(amountOf(t, '2025-03-03T10:00', '2025-03-04T11:00')).toBe(3300);
    expect(amountOf({ ...t, over24h: 'continue' }, '2025-03-03T10:00', '2025-03-04T11:00')).toBe(2900);
  });

  it('30天停车也能算: 1元/小时 × 720 = 720元', () => {
    expect(amountOf(tariffOf(), '2025-03-01T00:00', '2025-03-31T00:00')).toBe(72000);
  });
});

describe('day types and the holiday calendar', () => {
  const schedule = {
    workday: [{ label: '全天', start: '00:00', end: '00:00', pricing: perHour(100) }],
    nonWorkday: [{ label: '全天', start: '00:00', end: '00:00', pricing: perHour(200) }],
    holiday: [{ label: '全天', start: '00:00', end: '00:00', pricing: perHour(300) }],
  };
  const t = tariffInput.parse({ name: '测试', effectiveFrom: '2025-01-01', calendar: calendar2025, schedule, vehicleClasses: [{ code: 'small', name: '小型车' }] });
  it.each([
    ['周一 2025-03-03 工作日 1元', '2025-03-03', 100],
    ['周六 2025-03-08 非工作日 2元', '2025-03-08', 200],
    ['劳动节 2025-05-01 (周四) 节假日 3元', '2025-05-01', 300],
    ['调休上班 2025-04-27 (周日) 按工作日 1元', '2025-04-27', 100],
  ])('%s', (_name, date, amount) => {
    expect(amountOf(t, `${date}T10:00`, `${date}T11:00`)).toBe(amount);
  });

  it('节假日未单设费率时按非工作日: 2025-05-01 1h = 2元', () => {
    expect(amountOf({ ...t, schedule: { ...t.schedule, holiday: null } }, '2025-05-01T10:00', '2025-05-01T11:00')).toBe(200);
  });

  it('跨越工作日与节假日: 2025-04-30 23:00 - 05-01 01:00 = 1元 + 3元 = 4元', () => {
    expect(amountOf(t, '2025-04-30T23:00', '2025-05-01T01:00')).toBe(400);
  });

  it('前一天跨零点的时段优先: 周五夜间 20:00-08:00 1元/小时 遇周六 07:00 起 3元/小时, 周五20:00-周六10:00 = 12元 + 6元', () => {
    const overlapping = tariffInput.parse({
      name: '测试',
      effectiveFrom: '2025-01-01',
      schedule: {
        workday: [{ label: '夜间', start: '20:00', end: '08:00', pricing: perHour(100) }],
        nonWorkday: [{ label: '白天', start: '07:00', end: '21:00', pricing: perHour(300) }],
      },
      vehicleClasses: [{ code: 'small', name: '小型车' }],
    });
    expect(amountOf(overlapping, '2025-03-07T20:00', '2025-03-08T10:00')).toBe(1800);
  });

  it.each([
    ['2025-10-01', 'holiday'],
    ['2025-10-11', 'workday'],
    ['2025-10-12', 'nonWorkday'],
    ['2025-10-13', 'workday'],
  ] as const)('dayTypeOf %s = %s', (date, type) => {
    expect(dayTypeOf(t, date)).toBe(type);
  });

  it('时区固定 +08:00: UTC 2025-03-03T00:00Z 即北京时间 08:00 周一', () => {
    const result = fee(sampleHalfHourDayPerVisitNight, new Date('2025-03-03T00:00:00Z'), new Date('2025-03-03T01:00:00Z'), { vehicleClass: 'small' });
    expect(result.breakdown[0]!.label).toBe('白天 08:00-20:00 首小时 5元/半小时');
    expect(result.amount).toBe(1000);
  });
});

describe('vehicle classes', () => {
  const t = tariffOf({
    vehicleClasses: [
      { code: 'small', name: '小型车', match: { size: 'small', plateColours: [0] } },
      { code: 'large', name: '大型车', match: { plateColours: [2] }, multiplier: 1.5 },
    ],
  });
  it('倍率 1.5 × 1元 = 1.5元, 3h = 4.5元', () => {
    expect(amountOf(t, '2025-03-03T10:00', '2025-03-03T13:00', { vehicleClass: 'large' })).toBe(450);
  });

  it('倍率后的单价四舍五入到分: 1.25元 × 1.5 = 1.875 → 1.88元', () => {
    const odd = tariffOf({ vehicleClasses: [{ code: 'small', name: '小型车', multiplier: 1.5 }] }, [{ label: '全天', start: '00:00', end: '00:00', pricing: perHour(125) }]);
    expect(amountOf(odd, '2025-03-03T10:00', '2025-03-03T11:00')).toBe(188);
  });

  it.each([
    ['黄牌 → 大型车', { plateColour: 2 }, 'large'],
    ['蓝牌小车 → 小型车', { plateColour: 0 }, 'small'],
    ['白牌 → 无匹配', { plateColour: 1 }, undefined],
  ])('vehicleClassFor %s', (_name, vehicle, code) => {
    expect(vehicleClassFor(t, vehicle)?.code).toBe(code);
  });

  it('vehicleClassFor 新能源小车 → 深圳 新能源小型车', () => {
    expect(vehicleClassFor(sampleWorkdayOnlyNewEnergy, { plateColour: 3, newEnergy: true })?.code).toBe('smallNewEnergy');
  });

  it.each([
    ['蓝牌 粤B12345', '粤B12345', 0, undefined, { size: 'small', newEnergy: false, why: '小型车号牌' }],
    ['黄牌 粤B12345 (大型汽车号牌)', '粤B12345', 2, undefined, { size: 'large', newEnergy: false, why: '黄牌按大型车' }],
    ['绿牌 8 位 粤BD12345 (小型新能源)', '粤BD12345', 3, undefined, { size: 'small', newEnergy: true, why: '新能源号牌' }],
    ['8 位号牌读成蓝色 粤BF12345', '粤BF12345', 0, undefined, { size: 'small', newEnergy: true, why: '新能源号牌' }],
    ['黄绿牌 8 位 粤B12345D (大型新能源)', '粤B12345D', 3, undefined, { size: 'large', newEnergy: true, why: '新能源大型车号牌' }],
    ['黄牌但设备测得小型车 (教练车)', '粤B1234学', 2, 'small', { size: 'small', newEnergy: false, why: '设备识别为小型车' }],
    ['蓝牌但设备测得大型车', '粤B12345', 0, 'large', { size: 'large', newEnergy: false, why: '设备识别为大型车' }],
  ] as const)('vehicleOf %s', (_name, plate, colour, size, read) => {
    expect(vehicleOf(plate, colour, size)).toEqual({ plateColour: colour, ...read });
  });

  it('a green plate gets 深圳 新能源小型车, a yellow one 大型车 (both were 小型车 when only the colour was read)', () => {
    const classOf = (plate: string, colour: number) => vehicleClassFor(sampleWorkdayOnlyNewEnergy, vehicleOf(plate, colour))?.code;
    expect([classOf('粤BD12345', 3), classOf('粤B12345', 2), classOf('粤B12345', 0)]).toEqual(['smallNewEnergy', 'large', 'small']);
  });

  it('未知车型报错', () => {
    expect(() => fee(t, at('2025-03-03T10:00'), at('2025-03-03T11:00'), { vehicleClass: 'bus' })).toThrow('计费规则「测试」没有车型 bus');
  });
});

describe('grace minutes after payment and odd stays', () => {
  const t = tariffOf({ graceMinutes: 15 });
  it.each([
    ['10:00 缴费, 10:15 离场: 在15分钟内, 只计到缴费时刻 2h = 2元', '2025-03-03T10:15', 200],
    ['10:00 缴费, 10:16 离场: 超过15分钟, 计到离场 2h16m = 3元', '2025-03-03T10:16', 300],
  ])('%s', (_name, to, amount) => {
    expect(amountOf(t, '2025-03-03T08:00', to, { paidAt: '2025-03-03T10:00' })).toBe(amount);
  });

  it('宽限期内离场时 chargedUntil 为缴费时刻', () => {
    const result = fee(t, at('2025-03-03T08:00'), at('2025-03-03T10:10'), { vehicleClass: 'small', paidAt: at('2025-03-03T10:00') });
    expect(result.chargedUntil).toEqual(at('2025-03-03T10:00'));
  });

  it('缴费时刻晚于离场时只计到离场：不会按缴费时刻计费到离场之后', () => {
    const result = fee(t, at('2025-03-03T08:00'), at('2025-03-03T10:00'), { vehicleClass: 'small', paidAt: at('2099-03-03T10:00') });
    expect(result.chargedUntil).toEqual(at('2025-03-03T10:00'));
    expect(result.amount).toBe(200);
  });

  it('停车300年也照常计费：重复的日子一次计入，明细不随时长增长，金额与逐小时相同', () => {
    const result = fee(t, at('1725-03-03T10:00'), at('2025-03-03T10:00'), { vehicleClass: 'small' });
    const hours = (at('2025-03-03T10:00').getTime() - at('1725-03-03T10:00').getTime()) / 3_600_000;
    expect(result.amount).toBe(hours * 100);
    expect(result.breakdown.length).toBeLessThan(20);
    expect(result.breakdown.reduce((sum, l) => sum + l.amount, 0)).toBe(result.amount);
    expect(result.breakdown.some((l) => /同前1天计费，共\d+次$/.test(l.label))).toBe(true);
  });

  it('出场早于入场报错', () => {
    expect(() => fee(t, at('2025-03-03T10:00'), at('2025-03-03T09:00'), { vehicleClass: 'small' })).toThrow('出场时间不能早于入场时间');
  });

  it('同一分钟进出: 0元，没有明细', () => {
    const result = fee(t, at('2025-03-03T10:00'), at('2025-03-03T10:00'), { vehicleClass: 'small' });
    expect(result).toMatchObject({ amount: 0, breakdown: [] });
  });
});
