import { idempotencyKeyHeader, paymentEndpoints, arrearsEndpoints, type ArrearsReminderInput, type PaymentChannel } from '@parking/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/call';
import { resourceKeys } from '../../shared/resource/use-resource';
import { parkingRecordResourceKey } from '../orders';

/** Query-key roots of 欠费订单 and 追缴记录. */
export const arrearsResourceKey = 'arrears';
export const recoveryRecordResourceKey = 'recoveryRecord';

export const useArrearsDetail = (plateNumber: string) =>
  useQuery({
    queryKey: resourceKeys.detail(arrearsResourceKey, plateNumber),
    queryFn: () => call(arrearsEndpoints.detail, { params: { plateNumber } }),
    retry: false,
  });

/** Money and pursuit move together: a payment or a release refreshes arrears, recoveries and the records. */
const useInvalidatePursuit = () => {
  const queryClient = useQueryClient();
  return () => Promise.all([arrearsResourceKey, recoveryRecordResourceKey, parkingRecordResourceKey].map((key) => queryClient.invalidateQueries({ queryKey: resourceKeys.all(key) })));
};

export const useAddReminder = (plateNumber: string) => {
  const invalidate = useInvalidatePursuit();
  return useMutation({
    mutationFn: (input: ArrearsReminderInput) => call(arrearsEndpoints.reminders, { params: { plateNumber }, body: input }),
    onSuccess: invalidate,
  });
};

export interface ArrearsPayment {
  recordId: string;
  channel: PaymentChannel;
  /** fen */
  amount: number;
  payer: string;
  remark: string;
  /** one per 收款 dialog: a retried or double-clicked submit is counted once by the server */
  idempotencyKey: string;
}

export const useRecordArrearsPayment = () => {
  const invalidate = useInvalidatePursuit();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: ArrearsPayment) => call(paymentEndpoints.create, { body, headers: { [idempotencyKeyHeader]: idempotencyKey } }),
    onSuccess: invalidate,
  });
};

export const useAbnormalRelease = () => {
  const invalidate = useInvalidatePursuit();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => call(arrearsEndpoints.abnormalRelease, { params: { id }, body: { reason } }),
    onSuccess: invalidate,
  });
};

/** A fresh idempotency key for one payment attempt. */
export const newIdempotencyKey = () => crypto.randomUUID();
