import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuickResponseShortcut } from '@jarvis/contracts';
import { asList, callApi } from '../../api/client';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';
import type { ShortcutInput } from '../../api/shortcuts';

const shortcutsKey = queryKeyOf(api.chat.shortcuts);

export function useShortcuts() {
  return useQuery<QuickResponseShortcut[]>({
    queryKey: shortcutsKey,
    queryFn: async () => asList(await callApi(api.chat.shortcuts)),
  });
}

export function useSaveShortcut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ShortcutInput }) =>
      id ? callApi(api.chat.updateShortcut, { id, ...input }) : callApi(api.chat.createShortcut, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shortcutsKey }),
  });
}

export function useDeleteShortcut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(api.chat.deleteShortcut, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shortcutsKey }),
  });
}
