import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { Conversation } from '@jarvis/contracts';
import { serverMessageOr } from '../../api/client';
import { useToast } from '../../components/toast/toast-context';
import { shareUrl, useShareConversation } from './use-conversations';

/** Share a conversation by public link: a toggle, and the link once it is public (doc3 §4). */
export function ShareConversationDialog({
  conversation,
  onClose,
}: {
  conversation: Conversation;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const [state, setState] = useState({
    isPublic: conversation.isPublic,
    shareToken: conversation.shareToken,
  });

  const toggle = useShareConversation(conversation.id, {
    onSuccess: (result) => {
      setState({ isPublic: result.isPublic, shareToken: result.shareToken });
      toast(
        result.isPublic
          ? {
              title: 'Conversation shared',
              description: 'Anyone with the link can read it.',
              variant: 'success',
            }
          : { title: 'Sharing disabled', description: 'The link no longer opens this conversation.' },
      );
    },
    onError: (error) =>
      toast({
        title: 'Failed to update sharing',
        description: serverMessageOr(error, 'Something went wrong.'),
        variant: 'destructive',
      }),
  });

  const link = state.isPublic && state.shareToken ? shareUrl(state.shareToken) : null;
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: 'Copied', description: 'The link is on your clipboard.' });
    } catch {
      toast({ title: 'Error', description: 'Could not copy the link.', variant: 'destructive' });
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="share-conversation-title">
      <DialogTitle id="share-conversation-title">Share “{conversation.title}”</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          A shared conversation can be read by anyone with its link, without an account. Turn sharing off at
          any time.
        </DialogContentText>
        <FormControlLabel
          control={
            <Switch
              checked={state.isPublic}
              disabled={toggle.isPending}
              onChange={(e) => toggle.mutate(e.target.checked)}
            />
          }
          label={state.isPublic ? 'Disable sharing' : 'Enable sharing'}
        />
        {link && (
          <TextField
            fullWidth
            value={link}
            sx={{ mt: 2 }}
            label="Public link"
            slotProps={{
              htmlInput: { readOnly: true, 'data-testid': 'share-link' },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title="Copy link">
                      <IconButton aria-label="Copy link" onClick={() => void copy()} edge="end">
                        <ContentCopyIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
