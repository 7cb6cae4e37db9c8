import Checkbox from '@mui/material/Checkbox';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AlarmOutlinedIcon from '@mui/icons-material/AlarmOutlined';
import { SidebarCard } from '../chat/SidebarCard';
import { reminderWhen } from './reminder-time';
import { ReminderQuickAdd } from './ReminderQuickAdd';
import { upcomingReminders, useReminders, useToggleReminder } from './use-reminders';

/** Upcoming Reminders in the chat sidebar: up to 5 not done, a done toggle, and the quick add (doc2 §2). */
export function UpcomingRemindersCard() {
  const { data, isLoading, isError } = useReminders();
  const toggle = useToggleReminder();
  const upcoming = upcomingReminders(data);

  return (
    <SidebarCard
      icon={<AlarmOutlinedIcon fontSize="small" />}
      title="Upcoming Reminders"
      testId="upcoming-reminders"
    >
      {isLoading ? (
        <Stack spacing={1}>
          <Skeleton variant="rounded" height={36} />
          <Skeleton variant="rounded" height={36} />
        </Stack>
      ) : isError ? (
        <Typography variant="body2" color="text.secondary">
          Reminders could not be loaded.
        </Typography>
      ) : upcoming.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Nothing coming up.
        </Typography>
      ) : (
        <List dense disablePadding>
          {upcoming.map((reminder) => (
            <ListItem key={reminder.id} disableGutters data-testid="upcoming-reminder">
              <ListItemIcon sx={{ minWidth: 36 }}>
                <Checkbox
                  edge="start"
                  size="small"
                  checked={reminder.done}
                  slotProps={{ input: { 'aria-label': `Mark “${reminder.title}” done` } }}
                  onChange={(e) => toggle.mutate({ id: reminder.id, done: e.target.checked })}
                />
              </ListItemIcon>
              <ListItemText
                primary={reminder.title}
                secondary={reminderWhen(reminder)}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <ReminderQuickAdd />
    </SidebarCard>
  );
}
