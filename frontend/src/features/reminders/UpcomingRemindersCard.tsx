import Checkbox from '@mui/material/Checkbox';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import AlarmOutlinedIcon from '@mui/icons-material/AlarmOutlined';
import { SidebarListCard } from '../../components/SidebarCard';
import { reminderWhen } from './reminder-time';
import { ReminderQuickAdd } from './ReminderQuickAdd';
import { upcomingReminders, useReminders, useToggleReminder } from './use-reminders';

/** Upcoming Reminders in the chat sidebar: up to 5 not done, a done toggle, and the quick add (doc2 §2). */
export function UpcomingRemindersCard() {
  const query = useReminders();
  const toggle = useToggleReminder();
  return (
    <SidebarListCard
      icon={<AlarmOutlinedIcon fontSize="small" />}
      title="Upcoming Reminders"
      testId="upcoming-reminders"
      query={query}
      items={upcomingReminders(query.data)}
      what="Reminders"
      emptyText="Nothing coming up."
      skeletonHeight={36}
      footer={<ReminderQuickAdd />}
    >
      {(upcoming) => (
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
    </SidebarListCard>
  );
}
