import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { fetchTwin, trainTwin, type TwinState } from '../../api/twin';

export function useTwin() {
  return useQuery<TwinState>({ queryKey: queryKeys.twin, queryFn: fetchTwin });
}

export function useTrainTwin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: trainTwin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.twin }),
  });
}
