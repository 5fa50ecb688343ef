import { tariffInput, type Tariff, type TariffCalendar, type TariffDayScheduleInput, type TariffInput } from './tariff.schema.js';

/**
 * Published city fee standards written as our tariffs, each with the document it follows
 * (`tariffTemplateSources`, `cityTemplates`). Only what the found text says is written here; a
 * standard whose document could not be found and read is not bundled (the old 杭州 核心区域,
 * 杭州中山北路 and 深圳路内停车 templates were removed for that reason: their figures live on as
 * test samples in src/test/tariff-fixtures.ts). Check the current notice before a lot uses one.
 */

/** The published document a template or calendar follows. */
export interface TariffSource {
  /** 发文机关 */
  issuer: string;
  /** 文件名称 */
  title: string;
  /** 文号 */
  number: string;
  /** 成文/发布日期 YYYY-MM-DD */
  date: string;
  /** where the text was read (a reprint where the issuer's own page could not be reached) */
  url?: string;
  /** the clauses the template follows, as the document gives them */
  clauses: string[];
  /** what the document says that the template does not express, or leaves out */
  notModelled?: string[];
}

/**
 * 国务院办公厅关于2025年部分节假日安排的通知 (国办发明电〔2024〕12号, 2024-11-12):
 * 元旦 1月1日放假1天；春节 1月28日至2月4日放假调休共8天，1月26日(周日)、2月8日(周六)上班；
 * 清明节 4月4日至6日；劳动节 5月1日至5日，4月27日(周日)上班；端午节 5月31日至6月2日；
 * 国庆节、中秋节 10月1日至8日，9月28日(周日)、10月11日(周六)上班。
 */
export const calendar2025: TariffCalendar = {
  holidays: [
    '2025-01-01',
    ...['01-28', '01-29', '01-30', '01-31', '02-01', '02-02', '02-03', '02-04'].map((d) => `2025-${d}`),
    '2025-04-04',
    '2025-04-05',
    '2025-04-06',
    '2025-05-01',
    '2025-05-02',
    '2025-05-03',
    '2025-05-04',
    '2025-05-05',
    '2025-05-31',
    '2025-06-01',
    '2025-06-02',
    ...['01', '02', '03', '04', '05', '06', '07', '08'].map((d) => `2025-10-${d}`),
  ],
  adjustedWorkdays: ['2025-01-26', '2025-02-08', '2025-04-27', '2025-09-28', '2025-10-11'],
};

const calendar2025Source: TariffSource = {
  issuer: '国务院办公厅',
  title: '国务院办公厅关于2025年部分节假日安排的通知',
  number: '国办发明电〔2024〕12号',
  date: '2024-11-12',
  url: 'https://m.gmw.cn/2024-11/12/content_1303894933.htm',
  clauses: [
    '一、元旦：1月1日（周三）放假1天，不调休。',
    '二、春节：1月28日（农历除夕、周二）至2月4日（农历正月初七、周二）放假调休，共8天。1月26日（周日）、2月8日（周六）上班。',
    '三、清明节：4月4日（周五）至6日（周日）放假，共3天。',
    '四、劳动节：5月1日（周四）至5日（周一）放假调休，共5天。4月27日（周日）上班。',
    '五、端午节：5月31日（周六）至6月2日（周一）放假，共3天。',
    '六、国庆节、中秋节：10月1日（周三）至8日（周三）放假调休，共8天。9月28日（周日）、10月11日（周六）上班。',
  ],
};

const sameEveryDay = (segments: TariffDayScheduleInput) => ({ workday: segments, nonWorkday: segments, holiday: null });

/**
 * 北京 道路停车 (占道停车场) 小型车, as 京发改〔2018〕2770号 keeps it: "本市道路停车泊位仍划分为3类区域，
 * 收费标准保持不变", with the hours and units the 2018-05-01 notice set (北京市发展和改革委员会、
 * 北京市交通委员会《关于本市停车收费有关事项的通知》, 文号未查到): 白天(7:00-19:00) 首小时内 a 元/15分钟，
 * 首小时外 b 元/15分钟；夜间(19:00[不含]-次日7:00) 1元/2小时；"白天停车收费以15分钟为1个计时单位，
 * 夜间停车收费以2小时为1个计时单位，满1个计时单位后方可收取停车费，不足1个计时单位的不收取费用"。
 *
 * Only 小型车: the document has a 大型车 column ("大型载客汽车及轻型以上载货汽车按大型车收费标准执行")
 * whose figures could not be read, so no 大型车 class is guessed; an operator adds it from the notice.
 */
const beijingOnStreet = (area: string, firstHourFen: number, afterFen: number): Tariff =>
  tariffInput.parse({
    name: `北京道路停车 ${area}`,
    effectiveFrom: '2025-01-01',
    schedule: sameEveryDay([
      {
        label: '白天',
        start: '07:00',
        end: '19:00',
        pricing: {
          kind: 'perUnit',
          tiers: [
            { uptoMinutes: 60, unitMinutes: 15, unitPrice: firstHourFen },
            { uptoMinutes: null, unitMinutes: 15, unitPrice: afterFen },
          ],
          rounding: { mode: 'down' },
        },
      },
      {
        label: '夜间',
        start: '19:00',
        end: '07:00',
        pricing: { kind: 'perUnit', tiers: [{ unitMinutes: 120, unitPrice: 100 }], rounding: { mode: 'down' } },
      },
    ]),
    vehicleClasses: [{ code: 'small', name: '小型车', match: { size: 'small' } }],
    tierClock: 'continue',
    over24h: 'continue',
  } satisfies TariffInput);

/** 一类地区: 三环路(含)以内区域及中央商务区(CBD)、燕莎地区、中关村西区、翠微商业区 — 白天首小时内 2.5元/15分钟，首小时外 3.75元/15分钟；夜间 1元/2小时。 */
export const beijingOnStreetClass1 = beijingOnStreet('一类地区', 250, 375);
/** 二类地区: 五环路(含)以内除一类地区以外的其他区域 — 白天首小时内 1.5元/15分钟，首小时外 2.25元/15分钟；夜间 1元/2小时。 */
export const beijingOnStreetClass2 = beijingOnStreet('二类地区', 150, 225);
/** 三类地区: 五环路以外区域 — 白天首小时内 0.5元/15分钟，首小时外 0.75元/15分钟；夜间 1元/2小时。 */
export const beijingOnStreetClass3 = beijingOnStreet('三类地区', 50, 75);

const beijingSource = (area: string, standard: string): TariffSource => ({
  issuer: '北京市发展和改革委员会、北京市财政局',
  title: '北京市发展和改革委员会 北京市财政局关于本市道路停车占道费收费标准有关问题的通知',
  number: '京发改〔2018〕2770号',
  date: '2018-12-18',
  url: 'http://m.tus8.com/cheguan/shenzhenditie_30363.html',
  clauses: [
    '一、本市道路停车泊位仍划分为3类区域，收费标准保持不变。',
    `${area}小型车：${standard}`,
    '注1：道路停车白天停车收费以15分钟为1个计时单位，夜间停车收费以2小时为1个计时单位，满1个计时单位后方可收取停车费，不足1个计时单位的不收取费用。',
    '白天 7:00-19:00、夜间 19:00(不含)-次日7:00：北京市发展和改革委员会、北京市交通委员会《关于本市停车收费有关事项的通知》，自2018年5月1日起执行（文号未查到）。',
  ],
  notModelled: [
    '注2：对机动车跨昼夜分界点停放且停放时间不足昼夜分界点前的一个计时单位的停车收费，按分界点前的收费标准和计时单位收费，不得拆分为两个时段计收停车费。（计费引擎按时段分别计费，此条未表达）',
    '注4：大型载客汽车及轻型以上载货汽车按大型车收费标准执行。（大型车标准未能核实，模板只含小型车）',
    '注3：各区可对特定路段的夜间收费标准动态调整；注5：居住停车价格由各区确定。',
  ],
});

/** Where each bundled template and calendar comes from, by export name. */
export const tariffTemplateSources = {
  calendar2025: calendar2025Source,
  beijingOnStreetClass1: beijingSource(
    '一类地区（三环路(含)以内区域及中央商务区(CBD)、燕莎地区、中关村西区、翠微商业区）',
    '白天首小时内2.5元/15分钟，首小时外3.75元/15分钟；夜间1元/2小时。',
  ),
  beijingOnStreetClass2: beijingSource('二类地区（五环路(含)以内除一类地区以外的其他区域）', '白天首小时内1.5元/15分钟，首小时外2.25元/15分钟；夜间1元/2小时。'),
  beijingOnStreetClass3: beijingSource('三类地区（五环路以外区域）', '白天首小时内0.5元/15分钟，首小时外0.75元/15分钟；夜间1元/2小时。'),
} satisfies Record<string, TariffSource>;

/** The bundled city templates, each with its document: what the create form offers and the demo seeds. */
export const cityTemplates: ReadonlyArray<{ key: string; tariff: Tariff; source: TariffSource }> = [
  { key: 'beijingOnStreetClass1', tariff: beijingOnStreetClass1, source: tariffTemplateSources.beijingOnStreetClass1 },
  { key: 'beijingOnStreetClass2', tariff: beijingOnStreetClass2, source: tariffTemplateSources.beijingOnStreetClass2 },
  { key: 'beijingOnStreetClass3', tariff: beijingOnStreetClass3, source: tariffTemplateSources.beijingOnStreetClass3 },
];

/** "京发改〔2018〕2770号（2018-12-18）北京市发展和改革委员会、北京市财政局《…》" */
export const tariffSourceText = (s: TariffSource) => `${s.number}（${s.date}）${s.issuer}《${s.title}》`;
