import Stack from '@mui/material/Stack';
import { useToast } from '../../components/toast/toast-context';
import { CalendarConnectionCard } from './CalendarConnectionCard';
import { CalendarSyncCard } from './CalendarSyncCard';
import { useCalendarConnection } from './use-calendar';
import { useConnectPopup } from './use-connect-popup';

/**
 * Settings → Calendar and the /calendar-settings page (doc2 §2): the Google Calendar connection card, plus the sync
 * settings card while connected.
 */
export function CalendarTab() {
  const { toast } = useToast();
  const popup = useConnectPopup({
    onBlocked: () =>
      toast({
        title: 'Error',
        description: 'The sign-in window was blocked. Allow pop-ups for this site and try again.',
        variant: 'destructive',
      }),
  });
  const connection = useCalendarConnection({ connecting: popup.connecting });
  const connected = Boolean(connection.data?.connected);

  return (
    <Stack spacing={3} data-testid="calendar-tab">
      <CalendarConnectionCard
        connection={connection.data}
        loading={connection.isPending}
        failed={connection.isError}
        connecting={popup.connecting}
        onConnect={popup.open}
        onRetry={() => void connection.refetch()}
      />
      {connected && <CalendarSyncCard onReconnect={popup.open} />}
    </Stack>
  );
}
