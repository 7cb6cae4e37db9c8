import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BookmarkBorderOutlinedIcon from '@mui/icons-material/BookmarkBorderOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PublicIcon from '@mui/icons-material/Public';
import RestoreIcon from '@mui/icons-material/Restore';
import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import type { Conversation } from '@jarvis/contracts';
import { serverMessageOr, statusOf } from '../../api/client';
import { EmptyState } from '../../components/ListStates';
import { LoadedList } from '../../components/LoadedList';
import { SectionHeader } from '../../components/SectionHeader';
import { useToast } from '../../components/toast/toast-context';
import { formatEastern } from './conversation-dates';
import { RecoverConversationDialog } from './RecoverConversationDialog';
import { ShareConversationDialog } from './ShareConversationDialog';
import { useConversations, useDeleteConversation, viewPath } from './use-conversations';

function ConversationRow({
  conversation,
  onShare,
  onDelete,
}: {
  conversation: Conversation;
  onShare: () => void;
  onDelete: () => void;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }} data-testid="conversation-row">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        alignItems={{ xs: 'stretch', sm: 'center' }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {conversation.title}
            </Typography>
            {conversation.isPublic && (
              <Chip size="small" icon={<PublicIcon />} label="Shared" color="primary" variant="outlined" />
            )}
          </Stack>
          {conversation.description && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {conversation.description}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary">
            {conversation.messageIds.length} messages · {formatEastern(conversation.created_at)}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button
            size="small"
            component="a"
            href={viewPath(conversation)}
            target="_blank"
            rel="noopener noreferrer"
            startIcon={<OpenInNewIcon />}
          >
            View
          </Button>
          <Button size="small" startIcon={<ShareOutlinedIcon />} onClick={onShare}>
            Share
          </Button>
          <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={onDelete}>
            Delete
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/** Saved Conversations (doc3 §2): the list with its count, view, share, delete and recovery. */
export function ConversationsPanel() {
  const { toast } = useToast();
  const query = useConversations();
  const { data, isLoading, isError, error } = query;
  const [sharing, setSharing] = useState<Conversation | null>(null);
  const [deleting, setDeleting] = useState<Conversation | null>(null);
  const [recovering, setRecovering] = useState(false);
  const conversations = data ?? [];

  const remove = useDeleteConversation({
    onSuccess: () => {
      toast({ title: 'Conversation deleted', description: 'You can recover it for 7 days.' });
      setDeleting(null);
    },
    onError: (err) =>
      toast({
        title: 'Failed to delete conversation',
        description: serverMessageOr(err, 'Something went wrong.'),
        variant: 'destructive',
      }),
  });

  const signedOut = isError && statusOf(error) === 401;

  return (
    <Box data-testid="conversations-panel">
      <SectionHeader
        title="Saved Conversations"
        subtitle={
          isLoading || isError
            ? 'Conversations you saved from chat'
            : `${conversations.length} saved conversation${conversations.length === 1 ? '' : 's'}`
        }
        actions={
          !signedOut && (
            <Button variant="outlined" startIcon={<RestoreIcon />} onClick={() => setRecovering(true)}>
              Recover Lost Conversation
            </Button>
          )
        }
      />
      <LoadedList
        query={query}
        items={conversations}
        what="conversations"
        skeletonHeight={84}
        failed={
          signedOut ? (
            <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
              <Typography sx={{ mb: 1.5 }}>Sign in to see your saved conversations.</Typography>
              <Button component={RouterLink} to="/login" variant="contained">
                Sign in
              </Button>
            </Paper>
          ) : undefined
        }
        empty={
          <EmptyState icon={<BookmarkBorderOutlinedIcon fontSize="large" />} title="No saved conversations">
            <Typography color="text.secondary">
              In chat, use the bookmark button under the message box to save a conversation.
            </Typography>
          </EmptyState>
        }
      >
        {() => (
          <Stack spacing={1.5}>
            {conversations.map((c) => (
              <ConversationRow
                key={c.id}
                conversation={c}
                onShare={() => setSharing(c)}
                onDelete={() => setDeleting(c)}
              />
            ))}
          </Stack>
        )}
      </LoadedList>
      {sharing && <ShareConversationDialog conversation={sharing} onClose={() => setSharing(null)} />}
      {recovering && <RecoverConversationDialog onClose={() => setRecovering(false)} />}
      <Dialog
        open={deleting !== null}
        onClose={() => !remove.isPending && setDeleting(null)}
        aria-labelledby="delete-conversation-title"
      >
        <DialogTitle id="delete-conversation-title">Delete conversation?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            “{deleting?.title}” will be removed from your list and its public link stops working. You can
            recover it within 7 days.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() => deleting && remove.mutate(deleting.id)}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
