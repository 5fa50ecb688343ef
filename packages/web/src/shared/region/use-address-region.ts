import { useMutation } from '@tanstack/react-query';
import { fetchCodeByAddress, regionPathOf } from './region-api';

export interface AddressRegion {
  /** the cascader value an address names; the server's Chinese msg reaches the user when it names none */
  regionOfAddress: (address: string) => Promise<string[]>;
  resolving: boolean;
}

/** Fills a RegionCascader from an address field: `form.setFieldValue('region', await regionOfAddress(address))`. */
export function useAddressRegion(): AddressRegion {
  const mutation = useMutation({ mutationFn: fetchCodeByAddress });
  return {
    regionOfAddress: async (address) => regionPathOf(await mutation.mutateAsync(address.trim())),
    resolving: mutation.isPending,
  };
}
