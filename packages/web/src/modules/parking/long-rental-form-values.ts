import type { LongRental, LongRentalInput } from '@parking/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { dateFormat, fenToYuanInput, yuanInputToFen } from '../../shared/resource/value-format';

/** What the 长租车位 form's inputs hold: the dates in one range picker, the price in yuan as typed. */
export type LongRentalFormValues = {
  plateNumber: string;
  plateColour: number | null;
  lotId: string | null;
  ownerName: string;
  phone: string;
  validRange: [Dayjs, Dayjs] | null;
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
    validRange: [dayjs(card.validFrom), dayjs(card.validTo)],
    monthlyPrice: fenToYuanInput(card.monthlyPrice),
    spaceCount: card.spaceCount,
    remark: card.remark,
    enabled: card.enabled,
  };
}

const text = (value: string | undefined | null) => (value ?? '').trim();

/** The form's values → the POST/PUT body: yuan to fen, the range to two business days. */
export function longRentalFormBody(values: LongRentalFormValues): LongRentalInput {
  const [from, to] = values.validRange ?? [];
  return {
    plateNumber: text(values.plateNumber).toUpperCase(),
    plateColour: values.plateColour ?? 0,
    lotId: values.lotId ?? '',
    ownerName: text(values.ownerName),
    phone: text(values.phone),
    validFrom: from ? from.format(dateFormat) : '',
    validTo: to ? to.format(dateFormat) : '',
    monthlyPrice: yuanInputToFen(values.monthlyPrice) ?? 0,
    spaceCount: values.spaceCount ?? 1,
    remark: text(values.remark),
    enabled: values.enabled,
  };
}
