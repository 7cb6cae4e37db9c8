import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Contact } from '@jarvis/contracts';
import { useToast } from '../../components/toast/toast-context';
import { failureMessage } from './contact-form';
import { useDeleteContact } from './use-contacts';

/** Delete asks first: 'Are you sure you want to delete {name}?' (doc2 §4). */
export function DeleteContactDialog({ contact, onClose }: { contact: Contact; onClose: () => void }) {
  const { toast } = useToast();
  const remove = useDeleteContact({
    onSuccess: () => {
      toast({ title: 'Contact deleted', description: 'Your contact has been removed.', variant: 'success' });
      onClose();
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: failureMessage(error, 'Failed to delete contact'),
        variant: 'destructive',
      }),
  });

  return (
    <Dialog
      open
      onClose={() => !remove.isPending && onClose()}
      maxWidth="xs"
      fullWidth
      aria-labelledby="delete-contact-title"
      aria-describedby="delete-contact-description"
    >
      <DialogTitle id="delete-contact-title">Delete Contact</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-contact-description" sx={{ overflowWrap: 'anywhere' }}>
          Are you sure you want to delete {contact.name}?
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={remove.isPending}
          onClick={() => remove.mutate(contact.id)}
        >
          {remove.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
