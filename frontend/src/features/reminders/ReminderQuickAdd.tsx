import { useState, type FormEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import OutlinedInput from '@mui/material/OutlinedInput';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import { useToast } from '../../components/toast/toast-context';
import { useCreateReminder } from './use-reminders';

/** The sidebar's quick add: title and free-text when. With either empty it silently does nothing (doc2 §5). */
export function ReminderQuickAdd() {
  const { toast } = useToast();
  const create = useCreateReminder();
  const [title, setTitle] = useState('');
  const [when, setWhen] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim() || !when.trim() || create.isPending) return;
    create.mutate(
      { title: title.trim(), when: when.trim() },
      {
        onSuccess: () => {
          setTitle('');
          setWhen('');
          toast({ title: 'Reminder created', description: title.trim(), variant: 'success' });
        },
        onError: () =>
          toast({
            title: 'Error',
            description: 'Failed to create reminder. Please try again.',
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Stack
      component="form"
      onSubmit={submit}
      spacing={1}
      data-testid="reminder-quick-add"
      aria-label="Quick add reminder"
    >
      <OutlinedInput
        size="small"
        placeholder="Remind me to..."
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        inputProps={{ 'aria-label': 'Reminder title' }}
      />
      <Stack direction="row" spacing={1}>
        <OutlinedInput
          size="small"
          fullWidth
          placeholder="When? e.g. tomorrow morning"
          value={when}
          onChange={(e) => setWhen(e.target.value)}
          inputProps={{ 'aria-label': 'When' }}
        />
        <Tooltip title="Add reminder">
          <span>
            <IconButton type="submit" color="primary" aria-label="Add reminder" disabled={create.isPending}>
              <AddIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Stack>
  );
}
