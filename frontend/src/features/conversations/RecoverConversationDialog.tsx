import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { RecoverableConversation } from '@jarvis/contracts';
import { asList, callApi, serverMessageOr } from '../../api/client';
import { api } from '../../api/routes';
import { useClaimConversation } from './use-conversations';
import { useToast } from '../../components/toast/toast-context';
import { formatEastern } from './conversation-dates';

/** 'Recover Lost Conversation': find a conversation deleted in the last 7 days by its title and claim it back. */
export function RecoverConversationDialog({ onClose }: { onClose: () => void }) {
  const { toast } = useToast();
  const claimMutation = useClaimConversation();
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [results, setResults] = useState<RecoverableConversation[] | null>(null);
  const [claiming, setClaiming] = useState<string | null>(null);

  const search = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setTitleError('Enter a title');
      return;
    }
    setTitleError(null);
    setSearching(true);
    try {
      setResults(asList(await callApi(api.chat.recoverSearch, { title: title.trim() })));
    } catch (error) {
      setResults(null);
      toast({
        title: 'Search failed',
        description: serverMessageOr(error, 'Something went wrong.'),
        variant: 'destructive',
      });
    } finally {
      setSearching(false);
    }
  };

  const claim = async (conversation: RecoverableConversation) => {
    setClaiming(conversation.id);
    try {
      await claimMutation.mutateAsync(conversation.id);
      toast({
        title: 'Conversation recovered',
        description: `“${conversation.title}” is back in your list.`,
        variant: 'success',
      });
      onClose();
    } catch (error) {
      toast({
        title: 'Failed to recover conversation',
        description: serverMessageOr(error, 'Something went wrong.'),
        variant: 'destructive',
      });
    } finally {
      setClaiming(null);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="recover-title">
      <DialogTitle id="recover-title">Recover Lost Conversation</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Deleted a saved conversation by mistake? Search by its title to bring back anything deleted in the
          last 7 days.
        </DialogContentText>
        <Stack component="form" direction="row" spacing={1} alignItems="flex-start" onSubmit={search}>
          <TextField
            autoFocus
            fullWidth
            size="small"
            label="Conversation title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            error={Boolean(titleError)}
            helperText={titleError ?? ' '}
          />
          <Button type="submit" variant="contained" disabled={searching} sx={{ minWidth: 96, height: 40 }}>
            {searching ? <CircularProgress size={18} color="inherit" /> : 'Search'}
          </Button>
        </Stack>
        {results && results.length === 0 && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            No conversations found
          </Typography>
        )}
        {results && results.length > 0 && (
          <List dense>
            {results.map((r) => (
              <ListItem
                key={r.id}
                disableGutters
                secondaryAction={
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => void claim(r)}
                    disabled={claiming !== null}
                  >
                    {claiming === r.id ? 'Recovering...' : 'Recover'}
                  </Button>
                }
              >
                <ListItemText
                  primary={r.title}
                  secondary={`${r.messageCount} messages · ${formatEastern(r.created_at)}`}
                  sx={{ pr: 12 }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
