import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useToast } from '../../components/toast/toast-context';
import { reminderFormError, toNewReminder } from './reminder-form';
import { useCreateReminder } from './use-reminders';

/** Add New Reminder (doc2 §2, §5): a title and either plain words or a date and time; entering one clears the other. */
export function AddReminderDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { toast } = useToast();
  const create = useCreateReminder();
  const [title, setTitle] = useState('');
  const [naturalTime, setNaturalTime] = useState('');
  const [dateTime, setDateTime] = useState('');

  const close = () => {
    if (create.isPending) return;
    setTitle('');
    setNaturalTime('');
    setDateTime('');
    onClose();
  };

  const submit = () => {
    const form = { title, naturalTime, dateTime };
    const problem = reminderFormError(form);
    if (problem) {
      toast({ title: 'Missing Information', description: problem, variant: 'destructive' });
      return;
    }
    create.mutate(toNewReminder(form), {
      onSuccess: (reminder) => {
        toast({
          title: 'Reminder Created',
          description: reminder?.title ?? title.trim(),
          variant: 'success',
        });
        setTitle('');
        setNaturalTime('');
        setDateTime('');
        onClose();
      },
      onError: () =>
        toast({
          title: 'Error',
          description: 'Failed to create reminder. Please try again.',
          variant: 'destructive',
        }),
    });
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="add-reminder-title">
      <DialogTitle id="add-reminder-title">Add New Reminder</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            autoFocus
            label="Title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            fullWidth
          />
          <TextField
            label="When (in plain words)"
            placeholder="tomorrow morning, this evening, Friday at 3pm"
            value={naturalTime}
            onChange={(e) => {
              setNaturalTime(e.target.value);
              if (e.target.value) setDateTime('');
            }}
            helperText="'tomorrow morning' means 8am, 'this evening' means 6pm"
            fullWidth
          />
          <Divider>
            <Typography variant="caption" color="text.secondary">
              OR
            </Typography>
          </Divider>
          <TextField
            label="Date and time"
            type="datetime-local"
            value={dateTime}
            onChange={(e) => {
              setDateTime(e.target.value);
              if (e.target.value) setNaturalTime('');
            }}
            slotProps={{ inputLabel: { shrink: true } }}
            fullWidth
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={create.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={create.isPending}>
          {create.isPending ? 'Adding...' : 'Add Reminder'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
