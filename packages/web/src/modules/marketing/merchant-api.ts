import { merchantEndpoints, type MerchantLedgerInput, type MerchantSettlement } from '@parking/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEnvelope, call } from '../../shared/http/call';
import { resourceKeys } from '../../shared/resource/use-resource';

/** Query-key roots of 商户 and its balance ledger. */
export const merchantResourceKey = 'merchant';
export const merchantLedgerResourceKey = 'merchantLedger';

/**
 * The merchants whose names contain `keyword` (enabled first, by name, a bounded few), for the 商户
 * pickers of 发券, the ledger and the reports; the one typed before stays on screen while the next loads.
 */
export const useMerchantOptions = (keyword: string, settlement?: MerchantSettlement) =>
  useQuery({
    queryKey: [...resourceKeys.all(merchantResourceKey), 'options', keyword, settlement ?? ''],
    queryFn: () => call(merchantEndpoints.options, { query: { ...(keyword ? { keyword } : {}), ...(settlement ? { settlement } : {}) } }),
    placeholderData: keepPreviousData,
  });

/**
 * 充值 or 调整: one ledger line, the balance moved with it. The merchants' balances and the ledger are
 * asked again; refused fields are placed by the dialog's form.
 */
export const useMerchantLedgerEntry = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MerchantLedgerInput }) => callEnvelope(merchantEndpoints.ledgerEntry, { params: { id }, body, placesFields: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: resourceKeys.all(merchantResourceKey) }),
        queryClient.invalidateQueries({ queryKey: resourceKeys.all(merchantLedgerResourceKey) }),
      ]),
  });
};
