import { tariffRules, type TariffRules } from '@parking/contract';
import type { FormInstance } from 'antd';
import type { ScheduleForm, TariffRulesForm } from './tariff-form-values';

/**
 * Where the contract's schema found a problem in converted rules, for people: the form field it
 * belongs to, and the place named in Chinese ("工作日 第1个时段 第1档 单价") where no field can hold it.
 */

const dayNames: Record<string, string> = { workday: '工作日', nonWorkday: '非工作日', holiday: '节假日' };

/** lists whose next key is an index, and how the item is named */
const listItems: Record<string, (n: number) => string> = {
  vehicleClasses: (n) => `第${n}个车型`,
  tiers: (n) => `第${n}档`,
  bySegment: (n) => `第${n}条时段封顶`,
  holidays: (n) => `节假日 第${n}个日期`,
  adjustedWorkdays: (n) => `调休上班日 第${n}个日期`,
  plateColours: (n) => `车牌颜色 第${n}个`,
  freeSpecialPlates: (n) => `免费特种车辆 第${n}个`,
};

const fieldNames: Record<string, string> = {
  label: '名称',
  start: '开始时间',
  end: '结束时间',
  kind: '计费方式',
  uptoMinutes: '截止时长',
  unitMinutes: '计费单位',
  unitPrice: '单价',
  price: '按次价格',
  mode: '舍入方式',
  leftoverMinutes: '舍入阈值',
  capPerStretch: '每次封顶',
  holidays: '节假日',
  adjustedWorkdays: '调休上班日',
  code: '编码',
  name: '名称',
  multiplier: '倍率',
  size: '车辆大小',
  plateColours: '车牌颜色',
  newEnergy: '新能源',
  tierClock: '阶梯计时',
  over24h: '超过24小时',
  minutes: '免费时长',
  inclusive: '免费时长含/不含',
  on: '免费时长判断依据',
  perNaturalDay: '自然日封顶',
  perRolling24h: '24小时封顶',
  fullBlocksOnly: '只封顶满24小时',
  segment: '时段',
  perStretch: '每次封顶',
  freeSpecialPlates: '免费特种车辆',
  graceMinutes: '缴费后免费离场',
  vehicleClasses: '车型',
};

/** The place of a schema path in Chinese; "" when the issue concerns the rules as a whole. Never the path itself. */
export const issuePlace = (path: readonly PropertyKey[]): string => {
  const words: string[] = [];
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    if (typeof key !== 'string') continue;
    const next = path[i + 1];
    if (path[i - 1] === 'schedule' && dayNames[key]) {
      words.push(dayNames[key]);
      if (typeof next === 'number') {
        words.push(`第${next + 1}个时段`);
        i++;
      }
    } else if (listItems[key] && typeof next === 'number') {
      words.push(listItems[key](next + 1));
      i++;
    } else if (fieldNames[key]) {
      words.push(fieldNames[key]);
    }
  }
  return words.join(' ');
};

const moneyKeys = new Set(['unitPrice', 'price', 'capPerStretch', 'perNaturalDay', 'perRolling24h', 'perStretch']);

/** A schema path with a day charged like 工作日 (同工作日) folded onto 工作日, where the form shows it. */
export const foldedPath = (path: readonly PropertyKey[], form: TariffRulesForm): (string | number)[] => {
  const out = path.filter((k): k is string | number => typeof k !== 'symbol');
  const fold = (at: number, schedule: ScheduleForm | undefined) => {
    if (out[at + 1] === 'nonWorkday' && schedule?.nonWorkdayMode === 'sameAsWorkday') out[at + 1] = 'workday';
  };
  if (out[0] === 'schedule') fold(0, form.schedule);
  if (out[0] === 'vehicleClasses' && typeof out[1] === 'number' && out[2] === 'schedule') fold(2, form.vehicleClasses[out[1]]?.schedule);
  return out;
};

/** The form's name of a schema path: money fields hold 元, a tier's own problems sit on its 截止时长, a day shown as 同工作日 at 工作日. */
export const formPathOf = (path: readonly PropertyKey[], form: TariffRulesForm): (string | number)[] => {
  const out = foldedPath(path, form);
  const last = out.at(-1);
  if (typeof last === 'string' && moneyKeys.has(last)) out[out.length - 1] = `${last}Yuan`;
  if (typeof last === 'number' && out.at(-2) === 'tiers') out.push('uptoMinutes');
  return out;
};

/** "工作日 第1个时段 第1档 单价：单价须为数字" for each issue, each once (a day 同工作日 is told of at 工作日 only). */
export const issueTexts = (issues: readonly RulesIssue[], form: TariffRulesForm): string[] => [
  ...new Set(
    issues.map((issue) => {
      const place = issuePlace(foldedPath(issue.path, form));
      return place ? `${place}：${issue.message}` : issue.message;
    }),
  ),
];

export interface RulesIssue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * Shows each issue under the field it belongs to (the field itself or the list holding it, scrolled
 * into view) unless the field's own rules already said what is wrong, and answers the ones no field on
 * screen can hold, as "位置：原因".
 */
export function placeRulesIssues(form: FormInstance, issues: readonly RulesIssue[], values: TariffRulesForm, fieldPrefix: readonly string[] = []): string[] {
  const registered = form.getFieldsError().map(({ name }) => name);
  const byKey = new Map(registered.map((name) => [name.join('.'), name] as const));
  const placed = new Map<string, string[]>();
  const unplaced: RulesIssue[] = [];
  for (const issue of issues) {
    const segments = [...fieldPrefix, ...formPathOf(issue.path, values)].map(String);
    let owner: string | undefined;
    for (let length = segments.length; length > fieldPrefix.length && owner === undefined; length--) {
      const candidate = segments.slice(0, length).join('.');
      if (byKey.has(candidate)) owner = candidate;
    }
    if (owner === undefined) unplaced.push(issue);
    // a field already told what is wrong in its own words (请输入单价) keeps them
    else if (form.getFieldError(byKey.get(owner)!).length === 0) placed.set(owner, [...(placed.get(owner) ?? []), issue.message]);
  }
  form.setFields([...placed].map(([owner, errors]) => ({ name: byKey.get(owner)!, errors: [...new Set(errors)] })));
  const first = placed.keys().next();
  if (!first.done) form.scrollToField(byKey.get(first.value)!, { block: 'center' });
  return issueTexts(unplaced, values);
}

export type RulesCheck = { ok: true; rules: TariffRules } | { ok: false; errors: string[] };

/** Imported JSON checked with the contract's schema; errors read "位置：原因" with the places named in Chinese. */
export const checkRulesJson = (text: string): RulesCheck => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, errors: ['JSON 格式不正确，请检查括号、引号和逗号'] };
  }
  const parsed = tariffRules.safeParse(value);
  if (parsed.success) return { ok: true, rules: parsed.data };
  return { ok: false, errors: [...new Set(parsed.error.issues.map((issue) => placedMessage(issue.path, issue.message)))] };
};

/** "工作日 第1个时段 第1档 单价：单价不能为负", or the message alone when it concerns the whole rules. */
export const placedMessage = (path: readonly PropertyKey[], message: string) => {
  const place = issuePlace(path);
  return place ? `${place}：${message}` : message;
};
