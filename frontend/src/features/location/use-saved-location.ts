import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';

/** GET /api/user/location: whether location triggers are on (the server keeps a location). Stale after 5 minutes. */
export function useSavedLocation() {
  return useQuery<{ hasLocation: boolean } | null>({
    queryKey: queryKeys.userLocation,
    staleTime: 5 * 60_000,
  });
}
