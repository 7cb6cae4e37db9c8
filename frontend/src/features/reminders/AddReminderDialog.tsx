import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useToast } from '../../components/toast/toast-context';
import { FormDialog } from '../../forms/FormDialog';
import { inputOf, useContractForm } from '../../forms/contract-form';
import { reminderForm, toNewReminder, type ReminderForm } from './reminder-form';
import { useCreateReminder } from './use-reminders';

const EMPTY: ReminderForm = { title: '', naturalTime: '', dateTime: '' };

/** Add New Reminder (doc2 §2, §5): a title and either plain words or a date and time; entering one clears the other. */
export function AddReminderDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { toast } = useToast();
  const create = useCreateReminder();
  const form = useContractForm<ReminderForm>(reminderForm, EMPTY);
  const [naturalTime, dateTime] = form.watch(['naturalTime', 'dateTime']);

  const close = () => {
    if (create.isPending) return;
    form.reset(EMPTY);
    onClose();
  };

  // A problem is said in a toast, not under a field (doc2 §5).
  const submit = form.handleSubmit(
    (values) =>
      create.mutate(toNewReminder(values), {
        onSuccess: (reminder) => {
          toast({
            title: 'Reminder Created',
            description: reminder?.title ?? values.title.trim(),
            variant: 'success',
          });
          form.reset(EMPTY);
          onClose();
        },
        onError: () =>
          toast({
            title: 'Error',
            description: 'Failed to create reminder. Please try again.',
            variant: 'destructive',
          }),
      }),
    (errors) => {
      const problem = Object.values(errors)[0]?.message;
      if (problem) toast({ title: 'Missing Information', description: problem, variant: 'destructive' });
    },
  );

  return (
    <FormDialog
      id="add-reminder"
      open={open}
      title="Add New Reminder"
      onClose={close}
      onSubmit={submit}
      pending={create.isPending}
      submitLabel="Add Reminder"
      pendingLabel="Adding..."
    >
      <TextField autoFocus label="Title" {...inputOf(form, 'title')} fullWidth />
      <TextField
        label="When (in plain words)"
        placeholder="tomorrow morning, this evening, Friday at 3pm"
        value={naturalTime}
        onChange={(e) => {
          form.setValue('naturalTime', e.target.value);
          if (e.target.value) form.setValue('dateTime', '');
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
          form.setValue('dateTime', e.target.value);
          if (e.target.value) form.setValue('naturalTime', '');
        }}
        slotProps={{ inputLabel: { shrink: true } }}
        fullWidth
      />
    </FormDialog>
  );
}
