import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AlarmOutlinedIcon from '@mui/icons-material/AlarmOutlined';
import CloseIcon from '@mui/icons-material/Close';
import PhoneInTalkOutlinedIcon from '@mui/icons-material/PhoneInTalkOutlined';
import type { SyncedEvent } from '../../api/calendar';
import { useToast } from '../../components/toast/toast-context';
import { useRemoveSyncedEvent } from './use-calendar';

function eventTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** What the last syncs created, each removable (its reminder or call goes with it). */
export function RecentSyncsList({ events }: { events: readonly SyncedEvent[] }) {
  const { toast } = useToast();
  const remove = useRemoveSyncedEvent();

  const run = async (event: SyncedEvent) => {
    try {
      await remove.mutateAsync(event.id);
      toast({ title: 'Event Removed', description: event.event_title, variant: 'success' });
    } catch {
      toast({
        title: 'Failed to remove synced event',
        description: 'Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Box data-testid="recent-syncs">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Recently synced
      </Typography>
      {events.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Nothing synced yet. Events from the next 7 days show up here after a sync.
        </Typography>
      ) : (
        <List dense disablePadding>
          {events.map((event) => (
            <ListItem
              key={event.id}
              disableGutters
              data-testid="synced-event"
              secondaryAction={
                <Tooltip title="Remove">
                  <IconButton
                    edge="end"
                    aria-label={`Remove ${event.event_title}`}
                    disabled={remove.isPending && remove.variables === event.id}
                    onClick={() => void run(event)}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              }
            >
              <ListItemIcon
                sx={{ minWidth: 40, color: event.event_type === 'call' ? 'secondary.main' : 'primary.main' }}
              >
                {event.event_type === 'call' ? <PhoneInTalkOutlinedIcon /> : <AlarmOutlinedIcon />}
              </ListItemIcon>
              <ListItemText
                primary={event.event_title}
                secondary={eventTime(event.event_start)}
                slotProps={{ primary: { noWrap: true } }}
                sx={{ pr: { xs: 4, sm: 14 }, minWidth: 0 }}
              />
              <Chip
                size="small"
                variant="outlined"
                label={event.event_type === 'call' ? 'Call' : 'Reminder'}
                sx={{ position: 'absolute', right: 44, display: { xs: 'none', sm: 'inline-flex' } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
