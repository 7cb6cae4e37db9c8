import type { ReactNode } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { LoadFailed } from './ListStates';

/** What LoadedList reads of a query (a `useQuery` result fits). */
export interface ListQueryState {
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * The chain every list shows: skeletons while loading, 'could not be loaded' with a retry, the empty state, then the
 * items. `loading` and `failed` replace the section-sized defaults (the sidebar cards use smaller ones).
 */
export function LoadedList<T>({
  query,
  items,
  what,
  skeletonHeight = 68,
  skeletons = 3,
  loading,
  failed,
  empty,
  children,
}: {
  query: ListQueryState;
  items: readonly T[];
  /** 'reminders': the failure reads 'Your reminders could not be loaded.' */
  what: string;
  skeletonHeight?: number;
  skeletons?: number;
  loading?: ReactNode;
  failed?: ReactNode;
  empty: ReactNode;
  children: (items: readonly T[]) => ReactNode;
}) {
  if (query.isLoading)
    return (
      loading ?? (
        <Stack spacing={1.5}>
          {Array.from({ length: skeletons }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={skeletonHeight} />
          ))}
        </Stack>
      )
    );
  if (query.isError) return failed ?? <LoadFailed what={what} onRetry={() => void query.refetch()} />;
  if (items.length === 0) return empty;
  return children(items);
}
