import {
  tariffPaths,
  type Envelope,
  type Paged,
  type TariffDetail,
  type TariffSaveInput,
  type TariffSummary,
  type TariffTrialInput,
  type TariffTrialResult,
  type TariffVersion,
} from '@parking/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, requestData } from '../../shared/http/http-client';
import { itemPath } from '../../shared/resource/resource-api';

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
    queryFn: () => requestData<Paged<TariffSummary>>({ method: 'GET', url: tariffPaths.list, params }),
  });
}

/** Every enabled tariff for the 计费试算 picker. */
export function useTariffOptions() {
  return useTariffList({ currentPage: 1, pageSize: 1000 });
}

export function useTariffVersions(id: string | undefined) {
  return useQuery({
    queryKey: keys.versions(id ?? ''),
    queryFn: () => requestData<TariffVersion[]>({ method: 'GET', url: tariffPaths.versions.replace(':id', encodeURIComponent(id!)) }),
    enabled: id !== undefined,
  });
}

export const fetchTariff = (id: string) => requestData<TariffDetail>({ method: 'GET', url: itemPath(tariffPaths.list, id) });

export interface TariffSave {
  /** absent for a new tariff */
  id?: string;
  body: TariffSaveInput;
}

/** Answers the server's msg ("新增成功"); every tariff read is refreshed. */
export function useTariffSave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: TariffSave) =>
      (id === undefined ? http.post<Envelope<TariffDetail>>(tariffPaths.list, body) : http.put<Envelope<TariffDetail>>(itemPath(tariffPaths.list, id), body)).then(
        (response) => response.data.msg,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useTariffRemove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.delete<Envelope<null>>(itemPath(tariffPaths.list, id)).then((response) => response.data.msg),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

/** The trial's refusals (no such vehicle class, no version at entry) are shown in the panel, not as a toast. */
export function useTariffTrial() {
  return useMutation({
    mutationFn: (body: TariffTrialInput) => requestData<TariffTrialResult>({ method: 'POST', url: tariffPaths.trial, data: body, silent: true }),
  });
}
