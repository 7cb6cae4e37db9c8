import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { serverMessageOr } from '../../api/client';
import type { CalendarConnection } from '../../api/calendar';
import { useToast } from '../../components/toast/toast-context';
import { useDisconnectCalendar } from './use-calendar';

/** The Google Calendar connection card: connect through the popup, or who is connected and Disconnect. */
export function CalendarConnectionCard({
  connection,
  loading,
  failed,
  connecting,
  onConnect,
  onRetry,
}: {
  connection: CalendarConnection | null | undefined;
  loading: boolean;
  failed: boolean;
  connecting: boolean;
  onConnect: () => void;
  onRetry: () => void;
}) {
  const { toast } = useToast();
  const disconnect = useDisconnectCalendar();
  const connected = Boolean(connection?.connected);

  const runDisconnect = async () => {
    try {
      await disconnect.mutateAsync();
      toast({
        title: 'Calendar Disconnected',
        description: 'Google Calendar is no longer connected.',
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessageOr(error, 'Failed to disconnect Google Calendar'),
        variant: 'destructive',
      });
    }
  };

  let status;
  if (loading) status = <Skeleton width={180} />;
  else if (failed)
    status = (
      <Stack direction="row" spacing={1} alignItems="center">
        <Typography variant="body2" color="text.secondary">
          The connection status could not be loaded.
        </Typography>
        <Button size="small" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    );
  else if (connected)
    status = (
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Chip size="small" color="success" icon={<CheckCircleIcon />} label="Connected" />
        {connection?.email && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ overflowWrap: 'anywhere' }}
            data-testid="calendar-email"
          >
            {connection.email}
          </Typography>
        )}
      </Stack>
    );
  else
    status = <Chip size="small" variant="outlined" label="Not connected" sx={{ alignSelf: 'flex-start' }} />;

  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }} data-testid="calendar-connection-card">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          alignItems={{ xs: 'stretch', sm: 'center' }}
          justifyContent="space-between"
        >
          <Stack direction="row" spacing={2} alignItems="flex-start" sx={{ minWidth: 0 }}>
            <Box
              sx={{
                width: 48,
                height: 48,
                flexShrink: 0,
                borderRadius: 2,
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'action.hover',
                color: 'primary.main',
              }}
            >
              <CalendarMonthOutlinedIcon />
            </Box>
            <Stack spacing={0.75} sx={{ minWidth: 0 }}>
              <Typography variant="h6" component="h2">
                Google Calendar
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Turn your upcoming events into reminders and reminder calls.
              </Typography>
              {status}
            </Stack>
          </Stack>
          {!loading &&
            !failed &&
            connection !== null &&
            (connected ? (
              <Button
                variant="outlined"
                color="error"
                startIcon={<LinkOffIcon />}
                disabled={disconnect.isPending}
                onClick={() => void runDisconnect()}
                sx={{ flexShrink: 0 }}
              >
                Disconnect
              </Button>
            ) : (
              <Button
                variant="contained"
                startIcon={
                  connecting ? <CircularProgress size={16} color="inherit" /> : <CalendarMonthOutlinedIcon />
                }
                disabled={connecting}
                onClick={onConnect}
                sx={{ flexShrink: 0 }}
              >
                {connecting ? 'Connecting...' : 'Connect Google Calendar'}
              </Button>
            ))}
        </Stack>
        {connecting && !connected && (
          <Alert severity="info" sx={{ mt: 2 }}>
            Finish signing in with Google in the pop-up window. This page updates by itself.
          </Alert>
        )}
        {connection === null && (
          <Typography variant="body2" sx={{ mt: 2 }}>
            Sign in to connect your calendar.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
