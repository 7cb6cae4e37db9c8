import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';
import type { TwinState, TwinTraining } from '../../api/twin';

const twinKey = queryKeyOf(api.chat.twin);

export function useTwin() {
  return useQuery<TwinState>({ queryKey: twinKey, queryFn: () => callApi(api.chat.twin) });
}

export function useTrainTwin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwinTraining) => callApi(api.chat.trainTwin, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twinKey }),
  });
}
