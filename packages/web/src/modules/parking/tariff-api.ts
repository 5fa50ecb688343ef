import { tariffEndpoints, type TariffSaveInput, type TariffTrialInput } from '@parking/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callEnvelope } from '../../shared/http/call';
import { removeCall } from '../../shared/resource/resource-api';

const keys = {
  all: ['tariffs'] as const,
  list: (params: object) => ['tariffs', 'list', params] as const,
  versions: (id: string) => ['tariffs', 'versions', id] as const,
};

export interface TariffListParams {
  currentPage: number;
  pageSize: number;
  name?: string;
}

export function useTariffList(params: TariffListParams) {
  return useQuery({
    queryKey: keys.list(params),
    queryFn: () => call(tariffEndpoints.list, { query: params }),
  });
}

/** Every enabled tariff for the 计费试算 picker. */
export function useTariffOptions() {
  return useTariffList({ currentPage: 1, pageSize: 1000 });
}

export function useTariffVersions(id: string | undefined) {
  return useQuery({
    queryKey: keys.versions(id ?? ''),
    queryFn: () => call(tariffEndpoints.versions, { params: { id: id! } }),
    enabled: id !== undefined,
  });
}

export const fetchTariff = (id: string) => call(tariffEndpoints.detail, { params: { id } });

export interface TariffSave {
  /** absent for a new tariff */
  id?: string;
  body: TariffSaveInput;
}

/** Answers the server's msg ("新增成功"); every tariff read is refreshed. */
export function useTariffSave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: TariffSave) =>
      (id === undefined ? await callEnvelope(tariffEndpoints.create, { body }) : await callEnvelope(tariffEndpoints.update, { params: { id }, body })).msg,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useTariffRemove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => removeCall(tariffEndpoints.remove, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

/** The trial's refusals (no such vehicle class, no version at entry) are shown in the panel, not as a toast. */
export function useTariffTrial() {
  return useMutation({
    mutationFn: (body: TariffTrialInput) => call(tariffEndpoints.trial, { body, silent: true }),
  });
}
