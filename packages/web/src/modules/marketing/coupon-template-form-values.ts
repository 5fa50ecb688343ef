import type { CouponKind, CouponTemplate, CouponTemplateInput } from '@parking/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { fenToYuan, yuanToFen } from '../../shared/resource/fields/money';
import { remarkText } from '../../shared/resource/fields/remark-field';
import { lineText } from '../../shared/resource/fields/text-field';

/** What the 券种 form holds: amounts in yuan as typed, the daily hours of a 时段券 as two picked times. */
export type CouponTemplateFormValues = {
  name: string;
  kind: CouponKind;
  minutes: number | null;
  amountOff: string;
  discountPercent: number | null;
  maxOff: string;
  periodStart: Dayjs | null;
  periodEnd: Dayjs | null;
  price: string;
  validHours: number | null;
  beforeEntry: boolean;
  stackable: boolean;
  stackLimit: number | null;
  withBenefits: boolean;
  minDue: string;
  remark: string;
  enabled: boolean;
};

export const timeFormat = 'HH:mm';
/** "22:00" → the time a picker shows; the day is any, only the hour and minute are read back. */
const pickerClock = (text: string | null) => (text ? dayjs(`2000-01-01T${text}:00`) : null);

export function couponTemplateToFormValues(template: CouponTemplate | undefined): CouponTemplateFormValues {
  if (!template) {
    return {
      name: '',
      kind: 'minutes',
      minutes: null,
      amountOff: '',
      discountPercent: null,
      maxOff: '',
      periodStart: null,
      periodEnd: null,
      price: '',
      validHours: 24,
      beforeEntry: false,
      stackable: false,
      stackLimit: 1,
      withBenefits: false,
      minDue: '',
      remark: '',
      enabled: true,
    };
  }
  return {
    name: template.name,
    kind: template.kind,
    minutes: template.minutes,
    amountOff: fenToYuan(template.amountOff),
    discountPercent: template.discountPercent,
    maxOff: fenToYuan(template.maxOff),
    periodStart: pickerClock(template.periodStart),
    periodEnd: pickerClock(template.periodEnd),
    price: fenToYuan(template.price),
    validHours: template.validHours,
    beforeEntry: template.beforeEntry,
    stackable: template.stackable,
    stackLimit: template.stackLimit,
    withBenefits: template.withBenefits,
    // no minimum shows an empty box, not 0.00
    minDue: template.minDue === 0 ? '' : fenToYuan(template.minDue),
    remark: template.remark,
    enabled: template.enabled,
  };
}

const clockText = (picked: Dayjs | null | undefined) => (picked ? picked.format(timeFormat) : null);

/**
 * The form's values → the POST/PUT body: yuan to fen, the picked times as HH:mm, and only the
 * figures of the kind picked (a 折扣券 turned 金额券 carries no stale percent); a coupon that does
 * not stack is used one at a time.
 */
export function couponTemplateFormBody(values: CouponTemplateFormValues): CouponTemplateInput {
  const { kind } = values;
  return {
    name: lineText(values.name),
    kind,
    minutes: kind === 'minutes' ? values.minutes : null,
    amountOff: kind === 'amount' ? yuanToFen(values.amountOff) : null,
    discountPercent: kind === 'percent' ? values.discountPercent : null,
    maxOff: kind === 'percent' ? yuanToFen(values.maxOff) : null,
    periodStart: kind === 'period' ? clockText(values.periodStart) : null,
    periodEnd: kind === 'period' ? clockText(values.periodEnd) : null,
    price: yuanToFen(values.price) ?? 0,
    validHours: values.validHours ?? 0,
    beforeEntry: values.beforeEntry,
    stackable: values.stackable,
    stackLimit: values.stackable ? (values.stackLimit ?? 1) : 1,
    withBenefits: values.withBenefits,
    minDue: yuanToFen(values.minDue) ?? 0,
    remark: remarkText(values.remark),
    enabled: values.enabled,
  };
}
