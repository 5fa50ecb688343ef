import { specialBillOpenPaths, specialBillPaths, type SpecialBill, type SpecialBillPayResult } from '@parking/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestData } from '../../shared/http/http-client';
import { downloadFile } from '../../shared/resource/export-download';
import { resourceKeys } from '../../shared/resource/use-resource';

/** Query-key root of 特殊账单. */
export const specialBillResourceKey = 'specialBill';

/** The bill's QR code PNG, saved as the server names it. */
export const downloadSpecialBillQrCode = (bill: Pick<SpecialBill, 'id' | 'item'>) =>
  downloadFile(specialBillPaths.qrcode.replace(':id', encodeURIComponent(bill.id)), {}, `特殊账单-${bill.item}.png`);

/** 作废 an unpaid bill; the list reloads. */
export const useCancelSpecialBill = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => requestData<SpecialBill>({ method: 'POST', url: specialBillPaths.cancel.replace(':id', encodeURIComponent(id)) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(specialBillResourceKey) }),
  });
};

/**
 * 立即支付 on the phone page: asks the server to open a payment of the bill the token names; the
 * page sends the driver to the provider's cashier (`payUrl`), which sends them back to the bill.
 */
export const startSpecialBillPayment = (token: string) =>
  requestData<SpecialBillPayResult>({ method: 'POST', url: specialBillOpenPaths.pay, data: { t: token }, silent: true });
