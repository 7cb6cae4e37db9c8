import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';

/** GET /api/shared/:shareToken (public): a shared conversation, asked once (an unknown token answers 404). */
export function useSharedConversation(shareToken: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeyOf(api.chat.shared, { shareToken }),
    queryFn: () => callApi(api.chat.shared, { shareToken }),
    enabled,
    retry: false,
  });
}
