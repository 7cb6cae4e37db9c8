import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Contact } from '@jarvis/contracts';
import { useToast } from '../../components/toast/toast-context';
import {
  EMPTY_CONTACT_FORM,
  contactFormErrors,
  failureMessage,
  formOf,
  hasErrors,
  serverFieldErrors,
  toContactInput,
  type ContactForm,
  type ContactFormErrors,
} from './contact-form';
import { useSaveContact } from './use-contacts';

const PHONE_HINT = 'Format: +1234567890 (include country code)';

/**
 * Add Contact / Edit Contact (doc2 §2, §4, §5). A failed save keeps the dialog open with everything typed, the
 * server's message above the fields (or under the field it is about) and an 'Error' toast.
 */
export function ContactDialog({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
  const { toast } = useToast();
  const editing = contact !== null;
  const [form, setForm] = useState<ContactForm>(contact ? formOf(contact) : EMPTY_CONTACT_FORM);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<ContactFormErrors>({});
  const [serverMessage, setServerMessage] = useState<string | null>(null);

  const save = useSaveContact({
    onSuccess: () => {
      toast(
        editing
          ? {
              title: 'Contact updated',
              description: 'Your contact has been updated successfully.',
              variant: 'success',
            }
          : {
              title: 'Contact added',
              description: 'Your contact has been saved successfully.',
              variant: 'success',
            },
      );
      onClose();
    },
    onError: (error) => {
      const message = failureMessage(error, editing ? 'Failed to update contact' : 'Failed to add contact');
      const fields = serverFieldErrors(error);
      setServerErrors(fields);
      setServerMessage(Object.values(fields).includes(message) ? null : message);
      toast({ title: 'Error', description: message, variant: 'destructive' });
    },
  });

  const errors: ContactFormErrors = { ...serverErrors, ...(touched ? contactFormErrors(form) : {}) };

  const set = (field: keyof ContactForm, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setServerErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (save.isPending || hasErrors(contactFormErrors(form))) return;
    setServerMessage(null);
    setServerErrors({});
    save.mutate({ id: contact?.id, input: toContactInput(form) });
  };

  return (
    <Dialog
      open
      onClose={() => !save.isPending && onClose()}
      fullWidth
      maxWidth="sm"
      // Not full screen on a phone but at the top: a failed save's toast shows at the bottom, clear of the buttons.
      sx={{
        '& .MuiDialog-container': { alignItems: { xs: 'flex-start', sm: 'center' } },
        '& .MuiDialog-paper': {
          m: { xs: 2, sm: 4 },
          width: { xs: 'calc(100% - 32px)', sm: 'calc(100% - 64px)' },
          maxHeight: { xs: 'calc(100% - 32px)', sm: 'calc(100% - 64px)' },
        },
      }}
      aria-labelledby="contact-dialog-title"
      aria-describedby="contact-dialog-description"
    >
      <DialogTitle id="contact-dialog-title">{editing ? 'Edit Contact' : 'Add Contact'}</DialogTitle>
      {/* The form is checked here and by the server, not by the browser's own bubbles. */}
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 }}
      >
        {/* The form between title and content defeats MUI's 'no top padding after a title' rule. */}
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText id="contact-dialog-description" sx={{ mb: 2.5 }}>
            {editing
              ? 'Update the contact information.'
              : 'Add a contact to quickly reference them by name when sending messages or booking links.'}
          </DialogContentText>
          <Stack spacing={2.5}>
            {serverMessage && (
              <Alert severity="error" data-testid="contact-dialog-error">
                {serverMessage}
              </Alert>
            )}
            <TextField
              autoFocus
              required
              label="Name"
              placeholder="e.g. Ann Smith"
              autoComplete="off"
              value={form.name}
              onChange={(e) => set('name', e.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name}
              fullWidth
            />
            <TextField
              required
              label="Phone Number"
              type="tel"
              placeholder="+1234567890"
              autoComplete="off"
              value={form.phoneNumber}
              onChange={(e) => set('phoneNumber', e.target.value)}
              error={Boolean(errors.phoneNumber)}
              helperText={errors.phoneNumber ?? PHONE_HINT}
              fullWidth
            />
            <TextField
              label="Email"
              type="email"
              placeholder="ann@example.com"
              autoComplete="off"
              value={form.email}
              onChange={(e) => set('email', e.target.value)}
              error={Boolean(errors.email)}
              helperText={errors.email}
              fullWidth
            />
            <TextField
              label="Notes"
              placeholder="e.g. Sister, prefers texts after 6pm"
              multiline
              rows={3}
              value={form.notes}
              onChange={(e) => set('notes', e.target.value)}
              error={Boolean(errors.notes)}
              helperText={errors.notes}
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : editing ? 'Update Contact' : 'Add Contact'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
