import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import RefreshIcon from '@mui/icons-material/Refresh';
import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import ThumbDownAltIcon from '@mui/icons-material/ThumbDownAlt';
import ThumbDownOffAltIcon from '@mui/icons-material/ThumbDownOffAlt';
import ThumbUpAltIcon from '@mui/icons-material/ThumbUpAlt';
import ThumbUpOffAltIcon from '@mui/icons-material/ThumbUpOffAlt';
import VolumeUpOutlinedIcon from '@mui/icons-material/VolumeUpOutlined';
import { useToast } from '../../components/toast/toast-context';
import { useSendFeedback, type FeedbackType } from './use-feedback';

/**
 * Copy, listen, like, dislike, share and regenerate under an assistant message (doc1 §2, §8).
 * Listen reads the message in Jarvis's voice (/api/speak), or the browser's own when that fails.
 */
export function MessageToolbar({
  messageId,
  text,
  stored,
}: {
  messageId: string;
  text: string;
  stored: boolean;
}) {
  const { toast } = useToast();
  const [feedback, setFeedback] = useState<FeedbackType | null>(null);
  const sendFeedback = useSendFeedback();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied', description: 'The message is on your clipboard.' });
    } catch {
      toast({ title: 'Error', description: 'Could not copy the message.', variant: 'destructive' });
    }
  };

  const listen = async () => {
    let outcome: string;
    try {
      const playback = await import('../voice/speech-playback');
      outcome = await playback.speakText(text, 'action');
    } catch {
      outcome = 'failed';
    }
    if (outcome === 'failed')
      toast({ title: 'Speech Error', description: 'Could not play audio', variant: 'destructive' });
  };

  const rate = async (type: FeedbackType) => {
    try {
      await sendFeedback.mutateAsync({ messageId, type });
      setFeedback(type);
      toast({ title: 'Feedback received', description: 'Thanks for helping Jarvis improve.' });
    } catch {
      toast({ title: 'Error', description: 'Failed to submit feedback', variant: 'destructive' });
    }
  };

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: 'Jarvis', text });
        return;
      } catch (error) {
        if ((error as { name?: string })?.name === 'AbortError') return;
      }
    }
    await copy();
  };

  const feedbackDisabled = !stored || sendFeedback.isPending;
  return (
    <Stack
      direction="row"
      spacing={0.25}
      sx={{ color: 'text.secondary', ml: -0.75 }}
      data-testid="message-toolbar"
    >
      <Tooltip title="Copy">
        <IconButton size="small" aria-label="Copy" onClick={() => void copy()}>
          <ContentCopyIcon sx={{ fontSize: 16 }} />
        </IconButton>
      </Tooltip>
      <Tooltip title="Listen">
        <IconButton size="small" aria-label="Listen" onClick={() => void listen()}>
          <VolumeUpOutlinedIcon sx={{ fontSize: 16 }} />
        </IconButton>
      </Tooltip>
      <Tooltip title="Good reply">
        <span>
          <IconButton
            size="small"
            aria-label="Like"
            aria-pressed={feedback === 'like'}
            color={feedback === 'like' ? 'primary' : 'default'}
            disabled={feedbackDisabled}
            onClick={() => void rate('like')}
          >
            {feedback === 'like' ? (
              <ThumbUpAltIcon sx={{ fontSize: 16 }} />
            ) : (
              <ThumbUpOffAltIcon sx={{ fontSize: 16 }} />
            )}
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Bad reply">
        <span>
          <IconButton
            size="small"
            aria-label="Dislike"
            aria-pressed={feedback === 'dislike'}
            color={feedback === 'dislike' ? 'primary' : 'default'}
            disabled={feedbackDisabled}
            onClick={() => void rate('dislike')}
          >
            {feedback === 'dislike' ? (
              <ThumbDownAltIcon sx={{ fontSize: 16 }} />
            ) : (
              <ThumbDownOffAltIcon sx={{ fontSize: 16 }} />
            )}
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Share">
        <IconButton size="small" aria-label="Share" onClick={() => void share()}>
          <ShareOutlinedIcon sx={{ fontSize: 16 }} />
        </IconButton>
      </Tooltip>
      <Tooltip title="Regenerate">
        <IconButton
          size="small"
          aria-label="Regenerate"
          onClick={() => toast({ title: 'Feature coming in next update' })}
        >
          <RefreshIcon sx={{ fontSize: 16 }} />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
