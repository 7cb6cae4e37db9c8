import { useState, type KeyboardEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import AddCommentOutlinedIcon from '@mui/icons-material/AddCommentOutlined';
import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import MicNoneOutlinedIcon from '@mui/icons-material/MicNoneOutlined';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import SendIcon from '@mui/icons-material/Send';
import { prefetchMessageBubble } from './message-bubbles';

/** The input grows with its text up to 128 px, then scrolls (doc1 §5). */
export const INPUT_MAX_HEIGHT_PX = 128;
export const VOICE_LATER_TOOLTIP = 'Arrives with the voice and camera features';

/** Enter sends, Shift+Enter adds a line; nothing happens while a message is being sent. */
export function isSendKey(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey'> & { nativeEvent?: { isComposing?: boolean } },
) {
  return event.key === 'Enter' && !event.shiftKey && !event.nativeEvent?.isComposing;
}

function LaterControl({
  label,
  icon,
  hideOnMobile,
}: {
  label: string;
  icon: ReactNode;
  hideOnMobile?: boolean;
}) {
  return (
    <Tooltip title={VOICE_LATER_TOOLTIP}>
      <Box
        component="span"
        sx={{ display: hideOnMobile ? { xs: 'none', md: 'inline-flex' } : 'inline-flex' }}
      >
        <IconButton size="small" aria-label={label} disabled>
          {icon}
        </IconButton>
      </Box>
    </Tooltip>
  );
}

/** The input area: save, new chat, the text box, image and camera (arriving with voice), send, voice toggles. */
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
  const blank = text.trim().length === 0;

  const submit = async () => {
    if (blank || sending) return;
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
      <Stack direction="row" alignItems="center" spacing={0.5} sx={{ mt: 0.5 }}>
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
        <Stack direction="row" alignItems="center" spacing={0.5} data-tour="voice" sx={{ minWidth: 0 }}>
          <LaterControl label="Upload image" icon={<ImageOutlinedIcon fontSize="small" />} />
          <LaterControl label="Take photo" icon={<PhotoCameraOutlinedIcon fontSize="small" />} />
          <LaterControl label="Talk" icon={<MicNoneOutlinedIcon fontSize="small" />} hideOnMobile />
          <Tooltip title={VOICE_LATER_TOOLTIP}>
            <Stack direction="row" spacing={0.5} sx={{ display: { xs: 'none', sm: 'flex' } }}>
              <Chip size="small" variant="outlined" label="Hey Jarvis OFF" disabled />
              <Chip size="small" variant="outlined" label="Always OFF" disabled />
            </Stack>
          </Tooltip>
        </Stack>
        <Box sx={{ flexGrow: 1 }} />
        <Tooltip title="Send (Enter)">
          <span>
            <IconButton
              color="primary"
              aria-label="Send message"
              onClick={() => void submit()}
              disabled={blank || sending}
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
