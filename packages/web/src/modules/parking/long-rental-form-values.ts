import type { LongRental, LongRentalInput } from '@parking/contract';
import { daysToRange, rangeToDays, type DayRange } from '../../shared/resource/fields/date-range-field';
import { fenToYuan, yuanToFen } from '../../shared/resource/fields/money';
import { phoneText } from '../../shared/resource/fields/phone-field';
import { plateText } from '../../shared/resource/fields/plate-field';
import { remarkText } from '../../shared/resource/fields/remark-field';

/** What the 长租车位 form's inputs hold: the dates in one range picker, the price in yuan as typed. */
export type LongRentalFormValues = {
  plateNumber: string;
  plateColour: number | null;
  lotId: string | null;
  ownerName: string;
  phone: string;
  validRange: DayRange;
  monthlyPrice: string;
  spaceCount: number | null;
  remark: string;
  enabled: boolean;
};

export function longRentalToFormValues(card: LongRental | undefined): LongRentalFormValues {
  if (!card) {
    return { plateNumber: '', plateColour: 0, lotId: null, ownerName: '', phone: '', validRange: null, monthlyPrice: '', spaceCount: 1, remark: '', enabled: true };
  }
  return {
    plateNumber: card.plateNumber,
    plateColour: card.plateColour,
    lotId: card.lotId,
    ownerName: card.ownerName,
    phone: card.phone,
    validRange: daysToRange(card.validFrom, card.validTo),
    monthlyPrice: fenToYuan(card.monthlyPrice),
    spaceCount: card.spaceCount,
    remark: card.remark,
    enabled: card.enabled,
  };
}

const text = (value: string | undefined | null) => (value ?? '').trim();

/** The form's values → the POST/PUT body: yuan to fen, the range to two business days. */
export function longRentalFormBody(values: LongRentalFormValues): LongRentalInput {
  const { from, to } = rangeToDays(values.validRange);
  return {
    plateNumber: plateText(values.plateNumber),
    plateColour: values.plateColour ?? 0,
    lotId: values.lotId ?? '',
    ownerName: text(values.ownerName),
    phone: phoneText(values.phone),
    validFrom: from,
    validTo: to,
    monthlyPrice: yuanToFen(values.monthlyPrice) ?? 0,
    spaceCount: values.spaceCount ?? 1,
    remark: remarkText(values.remark),
    enabled: values.enabled,
  };
}
