import { useState, type KeyboardEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SyncIcon from '@mui/icons-material/Sync';
import type { CalendarSyncSettingsInput, CalendarSyncStatus } from '../../api/calendar';
import { serverMessageOr } from '../../api/client';
import { LoadFailed } from '../../components/ListStates';
import { useToast } from '../../components/toast/toast-context';
import { RecentSyncsList } from './RecentSyncsList';
import { isCalendarConnectionExpired } from './calendar-errors';
import {
  MAX_REMINDER_MINUTES,
  MIN_REMINDER_MINUTES,
  callKeywordsOf,
  keywordsText,
  reminderMinutesOf,
  sameKeywords,
  syncCompleteText,
} from './sync-form';
import { useCalendarSyncStatus, useSaveSyncSettings, useSyncCalendar } from './use-calendar';

function lastSyncText(lastSyncAt: string | null): string {
  if (!lastSyncAt) return 'Not synced yet';
  const date = new Date(lastSyncAt);
  return `Last synced ${date.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}`;
}

function SettingRow({ control, hint, children }: { control: ReactNode; hint: string; children?: ReactNode }) {
  return (
    <Box>
      {control}
      <Typography variant="body2" color="text.secondary" sx={{ ml: { xs: 0, sm: '47px' }, mt: -0.5 }}>
        {hint}
      </Typography>
      {children && <Box sx={{ ml: { xs: 0, sm: '47px' }, mt: 1.5 }}>{children}</Box>}
    </Box>
  );
}

/** The sync-settings card (doc2 §2), shown while the calendar is connected: switches, minutes, keywords, Sync Now. */
export function CalendarSyncCard({ onReconnect }: { onReconnect: () => void }) {
  const query = useCalendarSyncStatus({ enabled: true });
  const [resets, setResets] = useState(0);

  if (query.isPending)
    return (
      <Card variant="outlined" sx={{ borderRadius: 3 }}>
        <CardContent>
          <Skeleton width={200} height={32} />
          <Skeleton variant="rounded" height={160} sx={{ mt: 2 }} />
        </CardContent>
      </Card>
    );
  if (query.isError) {
    if (isCalendarConnectionExpired(query.error))
      return (
        <Alert severity="warning" variant="outlined" sx={{ borderRadius: 3 }} data-testid="calendar-expired">
          <AlertTitle>Google Calendar connection expired</AlertTitle>
          Your calendar connection has expired or was revoked. Reconnect to keep your events in sync.
          <Button color="inherit" variant="outlined" onClick={onReconnect} sx={{ display: 'flex', mt: 1.5 }}>
            Reconnect
          </Button>
        </Alert>
      );
    return <LoadFailed what="sync settings" onRetry={() => void query.refetch()} />;
  }
  const status = query.data;
  // A new key puts the typed fields back to what is stored: after each save, and after a failed one.
  const key = `${resets}:${status.settings.reminder_minutes_before}:${keywordsText(status.settings.call_keywords)}`;
  return <SyncSettingsForm key={key} status={status} onFailed={() => setResets((n) => n + 1)} />;
}

function SyncSettingsForm({ status, onFailed }: { status: CalendarSyncStatus; onFailed: () => void }) {
  const { toast } = useToast();
  const { settings } = status;
  const [minutes, setMinutes] = useState(String(settings.reminder_minutes_before));
  const [keywords, setKeywords] = useState(keywordsText(settings.call_keywords));
  const save = useSaveSyncSettings({
    onSuccess: () =>
      toast({
        title: 'Settings Updated',
        description: 'Your calendar sync settings have been saved.',
        variant: 'success',
      }),
    onError: () => {
      onFailed();
      toast({ title: 'Failed to update settings', description: 'Please try again.', variant: 'destructive' });
    },
  });
  const sync = useSyncCalendar();
  const off = !settings.enabled;

  const change = (input: CalendarSyncSettingsInput) => save.mutate(input);
  const saveMinutes = () => {
    const value = reminderMinutesOf(minutes);
    setMinutes(String(value));
    if (value !== settings.reminder_minutes_before) change({ reminder_minutes_before: value });
  };
  const saveKeywords = () => {
    const list = callKeywordsOf(keywords);
    setKeywords(keywordsText(list));
    if (!sameKeywords(list, settings.call_keywords)) change({ call_keywords: list });
  };
  const runSync = async () => {
    try {
      const result = await sync.mutateAsync();
      toast({ title: 'Sync Complete', description: syncCompleteText(result), variant: 'success' });
    } catch (error) {
      toast({
        title: 'Sync Failed',
        description: serverMessageOr(error, 'Failed to sync calendar'),
        variant: 'destructive',
      });
    }
  };
  const onEnter = (commit: () => void) => (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };

  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }} data-testid="calendar-sync-card">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          alignItems={{ xs: 'stretch', sm: 'center' }}
          justifyContent="space-between"
          sx={{ mb: 2 }}
        >
          <Box>
            <Typography variant="h6" component="h2">
              Sync settings
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="last-sync">
              {lastSyncText(status.lastSyncAt)} · syncs the next 7 days every 15 minutes
            </Typography>
          </Box>
          <Button
            variant="contained"
            startIcon={sync.isPending ? <CircularProgress size={16} color="inherit" /> : <SyncIcon />}
            disabled={off || sync.isPending}
            onClick={() => void runSync()}
            sx={{ flexShrink: 0 }}
          >
            {sync.isPending ? 'Syncing...' : 'Sync Now'}
          </Button>
        </Stack>
        <Stack spacing={2.5}>
          <SettingRow
            control={
              <FormControlLabel
                control={<Switch checked={settings.enabled} onChange={(_e, on) => change({ enabled: on })} />}
                label="Enable calendar sync"
              />
            }
            hint="Read your Google Calendar and turn upcoming events into reminders and calls."
          />
          <Divider />
          <SettingRow
            control={
              <FormControlLabel
                disabled={off}
                control={
                  <Switch
                    checked={settings.sync_reminders}
                    onChange={(_e, on) => change({ sync_reminders: on })}
                  />
                }
                label="Create reminders from events"
              />
            }
            hint="Each event becomes a reminder shortly before it starts."
          >
            <TextField
              label="Minutes before event"
              type="number"
              size="small"
              disabled={off || !settings.sync_reminders}
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
              onBlur={saveMinutes}
              onKeyDown={onEnter(saveMinutes)}
              helperText={`${MIN_REMINDER_MINUTES} to ${MAX_REMINDER_MINUTES} minutes; blank means 15`}
              slotProps={{
                htmlInput: { min: MIN_REMINDER_MINUTES, max: MAX_REMINDER_MINUTES, inputMode: 'numeric' },
              }}
              sx={{ width: { xs: '100%', sm: 260 } }}
            />
          </SettingRow>
          <Divider />
          <SettingRow
            control={
              <FormControlLabel
                disabled={off}
                control={
                  <Switch checked={settings.sync_calls} onChange={(_e, on) => change({ sync_calls: on })} />
                }
                label="Call me for matching events"
              />
            }
            hint="Jarvis phones you when an event's title or description contains one of your keywords."
          >
            <TextField
              label="Call keywords"
              size="small"
              fullWidth
              disabled={off || !settings.sync_calls}
              value={keywords}
              onChange={(e) => setKeywords(e.target.value)}
              onBlur={saveKeywords}
              onKeyDown={onEnter(saveKeywords)}
              placeholder="interview, dentist, flight"
              helperText="Separate keywords with commas"
            />
          </SettingRow>
        </Stack>
        <Divider sx={{ my: 3 }} />
        <RecentSyncsList events={status.recentSyncs} />
      </CardContent>
    </Card>
  );
}
