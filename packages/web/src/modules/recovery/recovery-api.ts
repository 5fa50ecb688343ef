import {
  abnormalReleasePath,
  idempotencyKeyHeader,
  paymentPaths,
  unpaidOrderPaths,
  type ArrearsReminder,
  type ArrearsReminderInput,
  type ParkingRecord,
  type Payment,
  type PaymentChannel,
  type UnpaidOrderDetail,
} from '@parking/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestData } from '../../shared/http/http-client';
import { resourceKeys } from '../../shared/resource/use-resource';
import { parkingRecordResourceKey } from '../orders/orders-api';

/** Query-key roots of 欠费订单 and 追缴记录. */
export const unpaidOrderResourceKey = 'unpaidOrder';
export const recoveryRecordResourceKey = 'recoveryRecord';

const withPlate = (path: string, plateNumber: string) => path.replace(':plateNumber', encodeURIComponent(plateNumber));

export const useUnpaidOrderDetail = (plateNumber: string) =>
  useQuery({
    queryKey: resourceKeys.detail(unpaidOrderResourceKey, plateNumber),
    queryFn: () => requestData<UnpaidOrderDetail>({ method: 'GET', url: withPlate(unpaidOrderPaths.item, plateNumber) }),
    retry: false,
  });

/** Money and pursuit move together: a payment or a release refreshes arrears, recoveries and the records. */
const useInvalidatePursuit = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([unpaidOrderResourceKey, recoveryRecordResourceKey, parkingRecordResourceKey].map((key) => queryClient.invalidateQueries({ queryKey: resourceKeys.all(key) })));
};

export const useAddReminder = (plateNumber: string) => {
  const invalidate = useInvalidatePursuit();
  return useMutation({
    mutationFn: (input: ArrearsReminderInput) => requestData<ArrearsReminder>({ method: 'POST', url: withPlate(unpaidOrderPaths.reminders, plateNumber), data: input }),
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
    mutationFn: ({ idempotencyKey, ...body }: ArrearsPayment) =>
      requestData<Payment>({ method: 'POST', url: paymentPaths.list, data: body, headers: { [idempotencyKeyHeader]: idempotencyKey } }),
    onSuccess: invalidate,
  });
};

export const useAbnormalRelease = () => {
  const invalidate = useInvalidatePursuit();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      requestData<ParkingRecord>({ method: 'POST', url: abnormalReleasePath.replace(':id', encodeURIComponent(id)), data: { reason } }),
    onSuccess: invalidate,
  });
};

/** A fresh idempotency key for one payment attempt. */
export const newIdempotencyKey = () => crypto.randomUUID();
