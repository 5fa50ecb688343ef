import { parkingSpaceBatchInput, parkingSpaceBatchNumbers, type ParkingSpaceBatchInput } from '@parking/contract';

/** The shell route, outside the menu, where a lot's spaces are added by pattern. */
export const spaceBatchPath = (lotId: string) => `/parkingAdmin/add/${encodeURIComponent(lotId)}`;

/** What the batch form's inputs hold; InputNumber leaves null when cleared. */
export type SpaceBatchFormValues = {
  prefix: string;
  start: number | null;
  end: number | null;
  digits: number | null;
  type: number;
  charging: boolean;
};

export const initialBatchValues: SpaceBatchFormValues = { prefix: 'A', start: 1, end: 120, digits: 3, type: 0, charging: false };

export function spaceBatchBody(lotId: string, values: SpaceBatchFormValues): ParkingSpaceBatchInput {
  return {
    lotId,
    prefix: (values.prefix ?? '').trim(),
    start: values.start ?? 0,
    end: values.end ?? 0,
    digits: values.digits ?? 1,
    type: values.type,
    charging: values.charging,
    state: 'free',
  };
}

/** What the form would make, or why it cannot: the contract's own checks and numbering. */
export function batchPreview(lotId: string, values: SpaceBatchFormValues): { numbers: string[] } | { error: string } {
  const parsed = parkingSpaceBatchInput.safeParse(spaceBatchBody(lotId, values));
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? '编号规则不正确' };
  return { numbers: parkingSpaceBatchNumbers(parsed.data) };
}

/** "A001、A002、A003 … A120": the first few and the last. */
export function describeNumbers(numbers: readonly string[], shown = 3): string {
  if (numbers.length <= shown + 1) return numbers.join('、');
  return `${numbers.slice(0, shown).join('、')} … ${numbers.at(-1)}`;
}
