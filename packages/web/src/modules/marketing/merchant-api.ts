import { merchantEndpoints, type MerchantLedgerInput } from '@parking/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEnvelope, call } from '../../shared/http/call';
import { resourceKeys } from '../../shared/resource/use-resource';

/** Query-key roots of 商户 and its balance ledger. */
export const merchantResourceKey = 'merchant';
export const merchantLedgerResourceKey = 'merchantLedger';

/** The most one list call gives: the tenant's merchants, all of them, for a picker (the contract has no selector). */
const allRows = 1000;

/** Every merchant of the tenant by name, for the 商户 pickers of 发券, the ledger and the reports. */
export const useMerchantOptions = () =>
  useQuery({
    queryKey: [...resourceKeys.all(merchantResourceKey), 'options'],
    queryFn: () => call(merchantEndpoints.list, { query: { currentPage: 1, pageSize: allRows, sidx: 'name', sort: 'asc' } }),
    select: (page) => page.list,
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
