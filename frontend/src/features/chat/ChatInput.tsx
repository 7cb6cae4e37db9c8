import { useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import AddCommentOutlinedIcon from '@mui/icons-material/AddCommentOutlined';
import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import SendIcon from '@mui/icons-material/Send';
import { VoiceBar, VoiceStatusLine } from './VoiceBar';
import { prefetchMessageBubble } from './message-bubbles';

/** The input grows with its text up to 128 px, then scrolls (doc1 §5). */
export const INPUT_MAX_HEIGHT_PX = 128;

/** Enter sends, Shift+Enter adds a line. */
export function isSendKey(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey'> & { nativeEvent?: { isComposing?: boolean } },
) {
  return event.key === 'Enter' && !event.shiftKey && !event.nativeEvent?.isComposing;
}

/**
 * The input area (doc1 §2): save, new chat, the text box, image upload and camera, TALK, send, the voice toggles
 * and the status line for recording and listening.
 */
export function ChatInput({
  sending,
  onSend,
  onNewChat,
  onSave,
}: {
  sending: boolean;
  onSend: (text: string) => Promise<boolean>;
  onNewChat: () => void;
  onSave: () => void;
}) {
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLTextAreaElement | null>(null);
  const blank = text.trim().length === 0;

  // While a reply is on its way the message waits its turn (onSend puts it in line), so the box clears at once.
  const submit = async () => {
    if (blank) return;
    const value = text;
    setText('');
    const sent = await onSend(value);
    if (!sent) setText(value);
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: 1, borderRadius: 4, boxShadow: 3, bgcolor: 'background.paper' }}
      data-testid="chat-input"
    >
      <InputBase
        multiline
        fullWidth
        placeholder="Message Jarvis..."
        value={text}
        onChange={(e) => setText(e.target.value)}
        onFocus={prefetchMessageBubble}
        inputRef={inputRef}
        onKeyDown={(e) => {
          if (isSendKey(e)) {
            e.preventDefault();
            void submit();
          }
        }}
        inputProps={{ 'aria-label': 'Message Jarvis', 'data-testid': 'chat-textbox' }}
        sx={{
          px: 1,
          py: 0.5,
          '& textarea': { maxHeight: INPUT_MAX_HEIGHT_PX, overflowY: 'auto !important' },
        }}
      />
      <VoiceStatusLine />
      {/* On a phone the image and voice controls take a row of their own under the others. */}
      <Stack direction="row" alignItems="center" spacing={0.5} useFlexGap flexWrap="wrap" sx={{ mt: 0.5 }}>
        <Tooltip title="Save conversation">
          <IconButton size="small" aria-label="Save conversation" onClick={onSave}>
            <BookmarkAddOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="New chat">
          <span>
            <IconButton size="small" aria-label="New chat" onClick={onNewChat} disabled={sending}>
              <AddCommentOutlinedIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Stack
          direction="row"
          alignItems="center"
          spacing={0.5}
          useFlexGap
          flexWrap="wrap"
          data-tour="voice"
          sx={{ minWidth: 0, order: { xs: 1, sm: 0 }, width: { xs: '100%', sm: 'auto' } }}
        >
          {/* Real from the first paint, so no press is lost: what each control does loads with its first press. */}
          <VoiceBar sending={sending} text={text} setText={setText} onSend={onSend} inputRef={inputRef} />
        </Stack>
        <Box sx={{ flexGrow: 1 }} />
        <Tooltip title="Send (Enter)">
          <span>
            <IconButton
              color="primary"
              aria-label="Send message"
              onClick={() => void submit()}
              disabled={blank}
              sx={{
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                '&:hover': { bgcolor: 'primary.dark' },
                '&.Mui-disabled': { bgcolor: 'action.disabledBackground' },
              }}
            >
              <SendIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Paper>
  );
}
