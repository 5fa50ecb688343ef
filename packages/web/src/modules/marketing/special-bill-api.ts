import { pathOf, specialBillEndpoints, type SpecialBill } from '@parking/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../shared/http/call';
import { downloadFile } from '../../shared/resource/export-download';
import { resourceKeys } from '../../shared/resource/use-resource';

/** Query-key root of 特殊账单. */
export const specialBillResourceKey = 'specialBill';

/** The bill's QR code PNG, saved as the server names it. */
export const downloadSpecialBillQrCode = (bill: Pick<SpecialBill, 'id' | 'item'>) => downloadFile(pathOf(specialBillEndpoints.qrcode, { id: bill.id }), {}, `特殊账单-${bill.item}.png`);

/** 作废 an unpaid bill; the list reloads. */
export const useCancelSpecialBill = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(specialBillEndpoints.cancel, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(specialBillResourceKey) }),
  });
};
