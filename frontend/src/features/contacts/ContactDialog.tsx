import { useState } from 'react';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import type { Contact } from '@jarvis/contracts';
import { useToast } from '../../components/toast/toast-context';
import { FormDialog } from '../../forms/FormDialog';
import { showServerErrors, textFieldOf, useContractForm } from '../../forms/contract-form';
import {
  EMPTY_CONTACT_FORM,
  contactForm,
  failureMessage,
  formOf,
  toContactInput,
  type ContactForm,
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
  const form = useContractForm<ContactForm>(contactForm, contact ? formOf(contact) : EMPTY_CONTACT_FORM);
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
      const fields = showServerErrors(form, contactForm, error, Object.keys(EMPTY_CONTACT_FORM));
      setServerMessage(Object.values(fields).includes(message) ? null : message);
      toast({ title: 'Error', description: message, variant: 'destructive' });
    },
  });

  const submit = form.handleSubmit((values) => {
    if (save.isPending) return;
    setServerMessage(null);
    save.mutate({ id: contact?.id, input: toContactInput(values) });
  });

  const phoneNumber = textFieldOf(form, 'phoneNumber');
  return (
    <FormDialog
      id="contact-dialog"
      title={editing ? 'Edit Contact' : 'Add Contact'}
      description={
        editing
          ? 'Update the contact information.'
          : 'Add a contact to quickly reference them by name when sending messages or booking links.'
      }
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      submitLabel={editing ? 'Update Contact' : 'Add Contact'}
      // Not full screen on a phone but at the top: a failed save's toast shows at the bottom, clear of the buttons.
      sx={{
        '& .MuiDialog-container': { alignItems: { xs: 'flex-start', sm: 'center' } },
        '& .MuiDialog-paper': {
          m: { xs: 2, sm: 4 },
          width: { xs: 'calc(100% - 32px)', sm: 'calc(100% - 64px)' },
          maxHeight: { xs: 'calc(100% - 32px)', sm: 'calc(100% - 64px)' },
        },
      }}
      alert={
        serverMessage && (
          <Alert severity="error" data-testid="contact-dialog-error">
            {serverMessage}
          </Alert>
        )
      }
    >
      <TextField
        autoFocus
        required
        label="Name"
        placeholder="e.g. Ann Smith"
        autoComplete="off"
        {...textFieldOf(form, 'name')}
        fullWidth
      />
      <TextField
        required
        label="Phone Number"
        type="tel"
        placeholder="+1234567890"
        autoComplete="off"
        {...phoneNumber}
        helperText={phoneNumber.helperText ?? PHONE_HINT}
        fullWidth
      />
      <TextField
        label="Email"
        type="email"
        placeholder="ann@example.com"
        autoComplete="off"
        {...textFieldOf(form, 'email')}
        fullWidth
      />
      <TextField
        label="Notes"
        placeholder="e.g. Sister, prefers texts after 6pm"
        multiline
        rows={3}
        {...textFieldOf(form, 'notes')}
        fullWidth
      />
    </FormDialog>
  );
}
