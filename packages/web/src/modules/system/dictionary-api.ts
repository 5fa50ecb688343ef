import { dictionaryEndpoints, type DictDetailInput } from '@parking/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dictionaryResource } from '../../shared/dictionary/dictionary-api';
import { removeCall, saveCall } from '../../shared/resource/resource-api';
import { resourceKeys } from '../../shared/resource/use-resource';

export interface DictDetailSave {
  /** absent for a new entry */
  id?: string;
  body: DictDetailInput;
}

/** Writes refresh every read of any dictionary, the selects of other pages included. */
const useInvalidateDictionaries = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(dictionaryResource) });
};

export function useDictDetailSave() {
  const invalidate = useInvalidateDictionaries();
  return useMutation({
    mutationFn: ({ id, body }: DictDetailSave) => saveCall(dictionaryEndpoints, id, body),
    onSuccess: invalidate,
  });
}

export function useDictDetailRemove() {
  const invalidate = useInvalidateDictionaries();
  return useMutation({ mutationFn: (id: string) => removeCall(dictionaryEndpoints.remove, id), onSuccess: invalidate });
}
