import { useQuery } from '@tanstack/react-query';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';

/** GET /api/user/location: whether location triggers are on (the server keeps a location). Stale after 5 minutes. */
export function useSavedLocation() {
  return useQuery<{ hasLocation: boolean } | null>({
    queryKey: queryKeyOf(api.notifications.getLocation),
    staleTime: 5 * 60_000,
  });
}
