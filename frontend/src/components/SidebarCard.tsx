import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoadedList, type ListQueryState } from './LoadedList';

/** One card of the chat's right sidebar. */
export function SidebarCard({
  icon,
  title,
  testId,
  children,
}: {
  icon: ReactNode;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, borderRadius: 3 }}
      data-testid={testId}
      component="section"
      aria-label={title}
    >
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1.5 }}>
        <Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box>
        <Typography variant="subtitle2" component="h2">
          {title}
        </Typography>
      </Stack>
      <Stack spacing={1.5}>{children}</Stack>
    </Paper>
  );
}

function SidebarNote({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}

/** A sidebar card showing a list: two small skeletons, then '`Whats` could not be loaded.', the empty text or the items. */
export function SidebarListCard<T>({
  icon,
  title,
  testId,
  query,
  items,
  what,
  emptyText,
  skeletonHeight = 32,
  children,
  footer,
}: {
  icon: ReactNode;
  title: string;
  testId: string;
  query: ListQueryState;
  items: readonly T[];
  /** 'Memories': the failure reads 'Memories could not be loaded.' */
  what: string;
  emptyText: string;
  skeletonHeight?: number;
  children: (items: readonly T[]) => ReactNode;
  /** Shown under the list whatever its state (the reminders' quick add). */
  footer?: ReactNode;
}) {
  return (
    <SidebarCard icon={icon} title={title} testId={testId}>
      <LoadedList
        query={query}
        items={items}
        what={what}
        loading={
          <Stack spacing={1}>
            <Skeleton variant="rounded" height={skeletonHeight} />
            <Skeleton variant="rounded" height={skeletonHeight} />
          </Stack>
        }
        failed={<SidebarNote>{what} could not be loaded.</SidebarNote>}
        empty={<SidebarNote>{emptyText}</SidebarNote>}
      >
        {children}
      </LoadedList>
      {footer}
    </SidebarCard>
  );
}
