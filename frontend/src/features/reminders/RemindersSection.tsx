import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import AlarmOutlinedIcon from '@mui/icons-material/AlarmOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import type { Reminder } from '@jarvis/contracts';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';
import { EmptyState } from '../../components/ListStates';
import { LoadedList } from '../../components/LoadedList';
import { SectionHeader } from '../../components/SectionHeader';
import { useToast } from '../../components/toast/toast-context';
import { AddReminderDialog } from './AddReminderDialog';
import { reminderWhen } from './reminder-time';
import { upcomingReminders, useDeleteReminder, useReminders, useToggleReminder } from './use-reminders';

/** After a failed delete the list is refreshed after 500 ms: the deletion may have gone through (doc2 §8). */
const REFRESH_AFTER_FAILED_DELETE_MS = 500;

function ReminderRow({ reminder }: { reminder: Reminder }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const toggle = useToggleReminder();
  const remove = useDeleteReminder();

  const onDelete = () =>
    remove.mutate(reminder.id, {
      onSuccess: () => {
        queryClient.setQueryData<Reminder[] | null>(
          queryKeyOf(api.calendar.reminders),
          (list) => list?.filter((r) => r.id !== reminder.id) ?? list,
        );
        void queryClient.invalidateQueries({ queryKey: queryKeyOf(api.calendar.reminders) });
        toast({ title: 'Reminder Deleted', description: reminder.title });
      },
      onError: () => {
        toast({
          title: 'Error',
          description:
            'The reminder could not be confirmed as deleted; it may have been removed. Refreshing the list.',
          variant: 'destructive',
        });
        setTimeout(
          () => void queryClient.invalidateQueries({ queryKey: queryKeyOf(api.calendar.reminders) }),
          REFRESH_AFTER_FAILED_DELETE_MS,
        );
      },
    });

  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, pr: 1, borderRadius: 3 }}
      data-testid="reminder-row"
      data-done={String(reminder.done)}
    >
      <Stack direction="row" spacing={1} alignItems="center">
        <Checkbox
          checked={reminder.done}
          slotProps={{ input: { 'aria-label': `Mark “${reminder.title}” done` } }}
          onChange={(e) => toggle.mutate({ id: reminder.id, done: e.target.checked })}
        />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography
            sx={{
              overflowWrap: 'anywhere',
              textDecoration: reminder.done ? 'line-through' : 'none',
              color: reminder.done ? 'text.secondary' : 'text.primary',
            }}
          >
            {reminder.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {reminderWhen(reminder)}
          </Typography>
        </Box>
        <Tooltip title="Delete reminder">
          <span>
            <IconButton
              aria-label={`Delete “${reminder.title}”`}
              onClick={onDelete}
              disabled={remove.isPending}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Paper>
  );
}

/** Your Reminders (doc2 §2): add, tick off and delete reminders. */
export function RemindersSection() {
  const query = useReminders();
  const [adding, setAdding] = useState(false);
  const list = query.data ?? [];
  const open = upcomingReminders(list, Number.POSITIVE_INFINITY);
  const done = list.filter((r) => r.done);

  return (
    <Box data-testid="section-reminders">
      <SectionHeader
        title="Your Reminders"
        subtitle="Everything Jarvis will remind you about"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            Add Reminder
          </Button>
        }
      />
      <LoadedList
        query={query}
        items={list}
        what="reminders"
        empty={
          <EmptyState icon={<AlarmOutlinedIcon fontSize="large" />} title="No reminders yet">
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Add one here, or ask Jarvis in chat: “Remind me to call mom tomorrow at 5pm”.
            </Typography>
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              Add Reminder
            </Button>
          </EmptyState>
        }
      >
        {() => (
          <Stack spacing={3}>
            <Stack spacing={1.5}>
              <Typography variant="overline" color="text.secondary">
                To do ({open.length})
              </Typography>
              {open.length === 0 ? (
                <Typography color="text.secondary">All done. Nice work!</Typography>
              ) : (
                open.map((r) => <ReminderRow key={r.id} reminder={r} />)
              )}
            </Stack>
            {done.length > 0 && (
              <Stack spacing={1.5}>
                <Typography variant="overline" color="text.secondary">
                  Done ({done.length})
                </Typography>
                {done.map((r) => (
                  <ReminderRow key={r.id} reminder={r} />
                ))}
              </Stack>
            )}
          </Stack>
        )}
      </LoadedList>
      <AddReminderDialog open={adding} onClose={() => setAdding(false)} />
    </Box>
  );
}
