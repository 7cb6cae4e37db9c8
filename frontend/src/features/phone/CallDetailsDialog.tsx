import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import type { PhoneMessage } from '@jarvis/contracts';
import { phoneMessageRecordingUrl, type PhoneMessageChange } from '../../api/phone';
import { DetailSection, Fact, RecordingPlayer } from '../../components/DetailParts';
import { useToast } from '../../components/toast/toast-context';
import { PriorityChip } from './PhoneMessageCard';
import {
  callerLabel,
  formatCallTime,
  formatDuration,
  formatPhoneNumber,
  messageTypeLabel,
  PHONE_STATUSES,
  STATUS_LABELS,
  type PhoneMessageStatus,
} from './phone-format';
import { useUpdatePhoneMessage } from './use-update-phone-message';

const UPDATE_FAILED = 'Failed to update message. Please try again.';

function TextBlock({ text, empty, testId }: { text: string | null; empty: string; testId: string }) {
  return (
    <Paper
      variant="outlined"
      data-testid={testId}
      sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover', borderColor: 'transparent' }}
    >
      <Typography
        variant="body2"
        color={text?.trim() ? 'text.primary' : 'text.secondary'}
        sx={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontStyle: text?.trim() ? 'normal' : 'italic',
        }}
      >
        {text?.trim() ? text : empty}
      </Typography>
    </Paper>
  );
}

function ActionItems({ items }: { items: PhoneMessage['action_items'] }) {
  return (
    <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {items.map((item, index) => (
        <Stack
          component="li"
          key={index}
          direction="row"
          spacing={1}
          alignItems="flex-start"
          data-testid="action-item"
          data-completed={String(item.completed)}
        >
          {item.completed ? (
            <CheckCircleIcon fontSize="small" color="success" aria-label="Done" sx={{ mt: '1px' }} />
          ) : (
            <RadioButtonUncheckedIcon
              fontSize="small"
              aria-label="To do"
              sx={{ mt: '1px', color: 'text.secondary' }}
            />
          )}
          <Typography
            variant="body2"
            sx={{
              flexGrow: 1,
              minWidth: 0,
              overflowWrap: 'anywhere',
              textDecoration: item.completed ? 'line-through' : 'none',
              color: item.completed ? 'text.secondary' : 'text.primary',
            }}
          >
            {item.task}
          </Typography>
          <PriorityChip priority={item.priority} />
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * Call Details (doc2 §2): who called and when, the transcript, Jarvis's response, action items, tags, the status
 * (saved as soon as it is picked), notes with their own Save, and the recording when there is one.
 */
export function CallDetailsDialog({ message, onClose }: { message: PhoneMessage; onClose: () => void }) {
  const { toast } = useToast();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [notes, setNotes] = useState(message.notes ?? '');
  const update = useUpdatePhoneMessage({
    onSuccess: (change) =>
      toast({
        title: 'Message Updated',
        description:
          'status' in change ? `Marked as ${STATUS_LABELS[change.status]}.` : 'Your notes were saved.',
        variant: 'success',
      }),
    onError: () => toast({ title: 'Error', description: UPDATE_FAILED, variant: 'destructive' }),
  });
  const save = (change: PhoneMessageChange) => update.mutate({ id: message.id, change });
  const savingNotes = update.isPending && 'notes' in (update.variables?.change ?? {});
  const notesChanged = notes !== (message.notes ?? '');
  const caller = callerLabel(message);
  const number = formatPhoneNumber(message.caller_number);

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="call-details-title"
    >
      <DialogTitle id="call-details-title" sx={{ pr: 7 }}>
        Call Details
      </DialogTitle>
      <IconButton
        aria-label="Close details"
        onClick={onClose}
        sx={{ position: 'absolute', right: 12, top: 12 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        <Stack spacing={3}>
          <Box>
            <Typography
              variant="h6"
              component="p"
              sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}
              data-testid="call-caller"
            >
              {caller}
            </Typography>
            {number && number !== caller && (
              <Typography color="text.secondary" data-testid="call-number">
                {number}
              </Typography>
            )}
            {(message.callback_requested || message.follow_up_needed) && (
              <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mt: 1 }}>
                {message.callback_requested && (
                  <Chip size="small" color="warning" variant="outlined" label="Callback requested" />
                )}
                {message.follow_up_needed && (
                  <Chip size="small" color="info" variant="outlined" label="Follow-up needed" />
                )}
              </Stack>
            )}
          </Box>

          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: '2fr 1fr 1.5fr 1fr' },
              '& > :first-of-type': { gridColumn: { xs: '1 / -1', sm: 'auto' } },
            }}
          >
            <Fact label="Time">
              <span data-testid="call-time">{formatCallTime(message.created_at)}</span>
            </Fact>
            <Fact label="Duration">
              <span data-testid="call-details-duration">{formatDuration(message.duration)}</span>
            </Fact>
            <Fact label="Type">{messageTypeLabel(message.message_type)}</Fact>
            <Fact label="Priority">
              {message.priority === 'normal' ? 'Normal' : <PriorityChip priority={message.priority} />}
            </Fact>
          </Box>

          <TextField
            select
            size="small"
            label="Status"
            value={message.status}
            onChange={(e) => {
              const status = e.target.value as PhoneMessageStatus;
              if (status !== message.status) save({ status });
            }}
            sx={{ maxWidth: { sm: 240 } }}
            fullWidth
          >
            {PHONE_STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                {STATUS_LABELS[status]}
              </MenuItem>
            ))}
          </TextField>

          {message.recording_url && (
            <DetailSection title="Recording">
              <RecordingPlayer src={phoneMessageRecordingUrl(message.id)} testId="recording-player" />
            </DetailSection>
          )}

          <DetailSection title="Transcript">
            <TextBlock text={message.transcript} empty="No transcript" testId="call-transcript" />
          </DetailSection>

          <DetailSection title="Jarvis's Response">
            <TextBlock text={message.jarvis_response} empty="No response recorded" testId="call-response" />
          </DetailSection>

          {message.action_items.length > 0 && (
            <DetailSection title="Action Items">
              <ActionItems items={message.action_items} />
            </DetailSection>
          )}

          {message.tags.length > 0 && (
            <DetailSection title="Tags">
              <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
                {message.tags.map((tag) => (
                  <Chip key={tag} size="small" variant="outlined" label={tag} />
                ))}
              </Stack>
            </DetailSection>
          )}

          <DetailSection title="Notes">
            <Stack spacing={1.5}>
              <TextField
                multiline
                minRows={3}
                placeholder="Add your notes about this call"
                value={notes}
                onChange={(e) => setNotes(e.target.value)}
                slotProps={{ htmlInput: { 'aria-label': 'Notes', maxLength: 10_000 } }}
                fullWidth
              />
              <Button
                variant="contained"
                onClick={() => save({ notes })}
                disabled={!notesChanged || savingNotes}
                sx={{ alignSelf: 'flex-end' }}
              >
                {savingNotes ? 'Saving...' : 'Save Notes'}
              </Button>
            </Stack>
          </DetailSection>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
