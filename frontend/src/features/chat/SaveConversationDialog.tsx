import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { serverMessageOr } from '../../api/client';
import { useSaveConversation } from '../conversations/use-conversations';
import { useToast } from '../../components/toast/toast-context';
import { NO_MESSAGES_TOAST } from '../../state/chat-message';

/** Saves the shown conversation with a title and an optional description (doc2 §8). */
export function SaveConversationDialog({
  open,
  messageIds,
  onClose,
}: {
  open: boolean;
  messageIds: string[];
  onClose: () => void;
}) {
  const { toast } = useToast();
  const saveMutation = useSaveConversation();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [saving, setSaving] = useState(false);

  const close = () => {
    if (saving) return;
    setTitle('');
    setDescription('');
    onClose();
  };

  const save = async () => {
    if (!title.trim()) {
      toast({
        title: 'Title required',
        description: 'Please enter a title for your conversation.',
        variant: 'destructive',
      });
      return;
    }
    if (messageIds.length === 0) {
      toast({ ...NO_MESSAGES_TOAST, variant: 'destructive' });
      return;
    }
    setSaving(true);
    try {
      await saveMutation.mutateAsync({
        title: title.trim(),
        ...(description.trim() ? { description: description.trim() } : {}),
        messageIds,
      });
      toast({
        title: 'Conversation saved!',
        description: `“${title.trim()}” is in your saved conversations.`,
        variant: 'success',
      });
      setSaving(false);
      setTitle('');
      setDescription('');
      onClose();
    } catch (error) {
      setSaving(false);
      toast({
        title: 'Failed to save conversation',
        description: serverMessageOr(error, 'Something went wrong while saving.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>Save conversation</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Keep these {messageIds.length} messages to reopen or share later.
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          label="Title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ mb: 2 }}
        />
        <TextField
          fullWidth
          multiline
          minRows={2}
          label="Description (optional)"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
