import type { GroupCard, GroupCardBenefit, GroupCardInput } from '@parking/contract';
import { daysToRange, rangeToDays, type DayRange } from '../../shared/resource/fields/date-range-field';
import { fenToYuan, yuanToFen } from '../../shared/resource/fields/money';
import { plateText } from '../../shared/resource/fields/plate-field';
import { remarkText } from '../../shared/resource/fields/remark-field';

/** What the 集团卡 form holds: the dates in one range picker, the amount off in yuan as typed. */
export type GroupCardFormValues = {
  groupId: string | null;
  cardNo: string;
  benefit: GroupCardBenefit;
  discountPercent: number | null;
  amountOff: string;
  plates: string[];
  lotIds: string[];
  validRange: DayRange;
  monthlyQuota: number | null;
  allowBind: boolean;
  maxPlates: number | null;
  remark: string;
  enabled: boolean;
};

export function groupCardToFormValues(card: GroupCard | undefined): GroupCardFormValues {
  if (!card) {
    return {
      groupId: null,
      cardNo: '',
      benefit: 'free',
      discountPercent: null,
      amountOff: '',
      plates: [],
      lotIds: [],
      validRange: null,
      monthlyQuota: null,
      allowBind: false,
      maxPlates: 5,
      remark: '',
      enabled: true,
    };
  }
  return {
    groupId: card.groupId,
    cardNo: card.cardNo,
    benefit: card.benefit,
    discountPercent: card.discountPercent,
    amountOff: fenToYuan(card.amountOff),
    plates: card.plates,
    lotIds: card.lotIds,
    validRange: daysToRange(card.validFrom, card.validTo),
    monthlyQuota: card.monthlyQuota,
    allowBind: card.allowBind,
    maxPlates: card.maxPlates,
    remark: card.remark,
    enabled: card.enabled,
  };
}

const text = (value: string | undefined | null) => (value ?? '').trim();

/** The form's values → the POST/PUT body: yuan to fen, the range to two business days, plates upper-cased. */
export function groupCardFormBody(values: GroupCardFormValues): GroupCardInput {
  const { from, to } = rangeToDays(values.validRange);
  return {
    groupId: values.groupId ?? '',
    cardNo: text(values.cardNo),
    benefit: values.benefit,
    discountPercent: values.benefit === 'discount' ? values.discountPercent : null,
    amountOff: values.benefit === 'amount' ? yuanToFen(values.amountOff) : null,
    plates: values.plates.map(plateText),
    lotIds: values.lotIds,
    validFrom: from,
    validTo: to,
    monthlyQuota: values.monthlyQuota,
    allowBind: values.allowBind,
    maxPlates: values.maxPlates ?? 5,
    remark: remarkText(values.remark),
    enabled: values.enabled,
  };
}
