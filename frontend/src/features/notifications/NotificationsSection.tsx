import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DoneIcon from '@mui/icons-material/Done';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import type { Notification } from '@jarvis/contracts';
import { easternDayAndClock } from '../../components/eastern-time';
import { EmptyState } from '../../components/ListStates';
import { LoadedList } from '../../components/LoadedList';
import { SectionHeader } from '../../components/SectionHeader';
import { useToast } from '../../components/toast/toast-context';
import { notificationTypeBadge } from './notification-types';
import {
  useDeleteNotification,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from './use-notification-mutations';
import { countUnreadNotifications, useNotifications } from './use-notifications';

/** 'Sat, Nov 22, 5:00 PM ET', or nothing for a time that cannot be read. */
function notificationTime(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? '' : `${easternDayAndClock(date)} ET`;
}

function useFailureToast(description: string) {
  const { toast } = useToast();
  return () => toast({ title: 'Error', description, variant: 'destructive' });
}

function TypeBadge({ type }: { type: string }) {
  const badge = notificationTypeBadge(type);
  return (
    <Chip
      size="small"
      label={badge.label}
      color={badge.color}
      variant={badge.variant}
      data-testid="notification-type"
      data-type={type}
    />
  );
}

/** One entry: an unread one stands out by its dot, tint and bold title, and offers 'Mark as read'. */
function NotificationRow({ notification }: { notification: Notification }) {
  const markRead = useMarkNotificationRead({
    onError: useFailureToast('Failed to mark notification as read'),
  });
  const remove = useDeleteNotification({ onError: useFailureToast('Failed to delete notification') });
  const unread = !notification.read;
  const time = notificationTime(notification.created_at);

  return (
    <Paper
      variant="outlined"
      component="li"
      data-testid="notification-row"
      data-read={String(notification.read)}
      sx={{
        p: { xs: 1.5, sm: 2 },
        pr: { xs: 0.5, sm: 1 },
        borderRadius: 3,
        borderColor: unread ? 'primary.light' : 'divider',
        bgcolor: unread ? 'action.hover' : 'background.paper',
      }}
    >
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Stack
            direction="row"
            spacing={1}
            alignItems="center"
            useFlexGap
            sx={{ flexWrap: 'wrap', mb: 0.5 }}
          >
            {unread && (
              <Box
                aria-hidden
                sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }}
              />
            )}
            <Typography component="h2" sx={{ fontWeight: unread ? 700 : 500, overflowWrap: 'anywhere' }}>
              {notification.title}
            </Typography>
            <TypeBadge type={notification.type} />
          </Stack>
          <Typography
            variant="body2"
            color={unread ? 'text.primary' : 'text.secondary'}
            sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
          >
            {notification.message}
          </Typography>
          {time && (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
              {time}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
          {unread && (
            <Tooltip title="Mark as read">
              <IconButton
                aria-label={`Mark “${notification.title}” as read`}
                onClick={() => markRead.mutate(notification.id)}
              >
                <DoneIcon />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title="Delete notification">
            <IconButton
              aria-label={`Delete “${notification.title}”`}
              onClick={() => remove.mutate(notification.id)}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Tooltip>
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The notifications inbox (doc2): refreshed every 15 s and at once when /api/live says something arrived. */
export function NotificationsSection() {
  const query = useNotifications();
  const list = query.data ?? [];
  const unread = countUnreadNotifications(list);
  const markAll = useMarkAllNotificationsRead({
    onError: useFailureToast('Failed to mark all notifications as read'),
  });

  return (
    <Box data-testid="section-notifications">
      <SectionHeader
        title="Notifications"
        subtitle="Alerts from calls, reminders and messages"
        actions={
          <Stack direction="row" spacing={1.5} alignItems="center">
            <Chip
              label={`${unread} unread`}
              color={unread > 0 ? 'primary' : 'default'}
              variant={unread > 0 ? 'filled' : 'outlined'}
              data-testid="unread-count"
            />
            <Button
              variant="outlined"
              startIcon={<DoneAllIcon />}
              disabled={unread === 0 || markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              Mark All Read
            </Button>
          </Stack>
        }
      />
      <LoadedList
        query={query}
        items={list}
        what="notifications"
        empty={
          <EmptyState icon={<NotificationsNoneOutlinedIcon fontSize="large" />} title="No notifications">
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              Alerts about calls, reminders and messages will show up here.
            </Typography>
          </EmptyState>
        }
      >
        {(notifications) => (
          <Stack
            component="ul"
            spacing={1.5}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
            aria-label="Notifications"
          >
            {notifications.map((n) => (
              <NotificationRow key={n.id} notification={n} />
            ))}
          </Stack>
        )}
      </LoadedList>
    </Box>
  );
}
