import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import SendIcon from '@mui/icons-material/Send';
import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import type { SmsDraftState } from '../../../api/phone';
import { serverMessageOr } from '../../../api/client';
import { useToast } from '../../../components/toast/toast-context';
import { useFetchSmsDraft, useSendSms, useSmsDraft } from '../../phone/use-sms';
import { CardFrame } from '../../chat-kit/CardFrame';

/** The draft's answer says it has no valid recipient (doc1 §3: needsRecipientFix, hasValidPhone). */
function lacksRecipient(draft: SmsDraftState | undefined): boolean {
  return Boolean(draft && (draft.needsRecipientFix || (draft.hasDraft && !draft.hasValidPhone)));
}

/**
 * The phone service knows the latest drafted text only: its answer is about this card when its message is this
 * card's (which may carry a booking link after it). An older card learns who it goes to on Send, as before.
 */
function answerFor(message: string, draft: SmsDraftState | null | undefined): SmsDraftState | undefined {
  if (!draft) return undefined;
  return !draft.message || message.trim().startsWith(draft.message.trim()) ? draft : undefined;
}

/**
 * A drafted text message (doc1 §2, §4). The card asks the phone service who it goes to as soon as it shows: no valid
 * phone disables the button as 'Recipient Not Found' at once. Send asks again (contacts may have changed); a
 * confirmation then shows To and Message. Copy is the manual send.
 */
export function SmsDraftCard({
  message,
  context,
  onClose,
}: {
  message: string;
  context: string;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const getSmsDraft = useFetchSmsDraft();
  const sendSms = useSendSms();
  // What the service last said about this card's own draft, kept once a later draft becomes the latest.
  const latest = answerFor(message, useSmsDraft().data);
  const [own, setOwn] = useState(latest);
  if (latest && latest !== own) setOwn(latest);
  const known = latest ?? own;
  const [recipient, setRecipient] = useState<SmsDraftState | null>(null);
  const [pressedNoRecipient, setNoRecipient] = useState(false);
  const noRecipient = pressedNoRecipient || lacksRecipient(known);
  const recipientError = known?.recipientError;
  const [phase, setPhase] = useState<'idle' | 'checking' | 'confirm' | 'sending' | 'sent'>('idle');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(message);
      toast({ title: 'Message copied', description: 'Paste it into your messaging app to send it.' });
    } catch {
      toast({
        title: 'Error',
        description: 'Unable to send message. Please copy the text manually.',
        variant: 'destructive',
      });
    }
  };

  const startSend = async () => {
    setPhase('checking');
    try {
      const draft = await getSmsDraft();
      if (!draft?.hasValidPhone) {
        setNoRecipient(true);
        setPhase('idle');
        toast({ title: 'Recipient not found', description: draft?.recipientError, variant: 'destructive' });
        return;
      }
      setRecipient(draft);
      setPhase('confirm');
    } catch (error) {
      setPhase('idle');
      toast({
        title: 'Failed to send message',
        description: serverMessageOr(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };

  const confirmSend = async () => {
    setPhase('sending');
    try {
      await sendSms.mutateAsync(message);
      setPhase('sent');
      toast({
        title: 'Message sent!',
        description: `Your text message has been sent to ${recipient?.contactName ?? recipient?.recipientDisplay ?? 'your contact'}`,
        variant: 'success',
      });
    } catch (error) {
      setPhase('idle');
      toast({
        title: 'Failed to send message',
        description: serverMessageOr(error, error instanceof Error ? error.message : 'Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <CardFrame
      icon={<SmsOutlinedIcon fontSize="small" />}
      title="Text message draft"
      subtitle={context || undefined}
      onClose={onClose}
      testId="sms-draft-card"
    >
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mb: 1.5 }}>
        {message}
      </Typography>
      {noRecipient ? (
        <Typography variant="caption" color="error" component="p" sx={{ mb: 1 }} data-testid="sms-recipient">
          {recipientError || 'Recipient not found'}. Copy the text to send it yourself.
        </Typography>
      ) : (
        known?.hasValidPhone &&
        (known.contactName || known.recipientDisplay) && (
          <Typography
            variant="caption"
            color="text.secondary"
            component="p"
            sx={{ mb: 1 }}
            data-testid="sms-recipient"
          >
            To {known.contactName || known.recipientDisplay}
          </Typography>
        )
      )}
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
        <Button
          size="small"
          variant="contained"
          startIcon={<SendIcon />}
          disabled={noRecipient || phase !== 'idle'}
          onClick={() => void startSend()}
        >
          {noRecipient
            ? 'Recipient Not Found'
            : phase === 'sent'
              ? 'Sent'
              : phase === 'checking'
                ? 'Checking…'
                : 'Send'}
        </Button>
        <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          Copy text
        </Button>
      </Stack>
      <Dialog
        open={phase === 'confirm' || phase === 'sending'}
        onClose={() => setPhase('idle')}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle>Send this text?</DialogTitle>
        <DialogContent>
          <Typography variant="overline" color="text.secondary">
            To
          </Typography>
          <Typography sx={{ mb: 1 }}>{recipient?.contactName ?? recipient?.recipientDisplay}</Typography>
          <Typography variant="overline" color="text.secondary">
            Message
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{message}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPhase('idle')} disabled={phase === 'sending'}>
            Cancel
          </Button>
          <Button variant="contained" onClick={() => void confirmSend()} disabled={phase === 'sending'}>
            Send Message
          </Button>
        </DialogActions>
      </Dialog>
    </CardFrame>
  );
}
