import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuickResponseShortcut } from '@jarvis/contracts';
import { queryKeys } from '../../api/query-keys';
import {
  createShortcut,
  deleteShortcut,
  fetchShortcuts,
  updateShortcut,
  type ShortcutInput,
} from '../../api/shortcuts';

export function useShortcuts() {
  return useQuery<QuickResponseShortcut[]>({ queryKey: queryKeys.shortcuts, queryFn: fetchShortcuts });
}

export function useSaveShortcut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ShortcutInput }) =>
      id ? updateShortcut(id, input) : createShortcut(input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.shortcuts }),
  });
}

export function useDeleteShortcut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteShortcut(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.shortcuts }),
  });
}
