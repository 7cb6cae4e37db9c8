import { useCallback, useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import AddCommentOutlinedIcon from '@mui/icons-material/AddCommentOutlined';
import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import SendIcon from '@mui/icons-material/Send';
import { useToast } from '../../components/toast/toast-context';
import { ImageButtons, readImageForQuestion } from '../vision/ImageButtons';
import { TalkButton, VoiceModeToggles, VoiceStatusLine } from '../voice/VoiceControls';
import { prefetchMessageBubble } from './message-bubbles';

/** The input grows with its text up to 128 px, then scrolls (doc1 §5). */
export const INPUT_MAX_HEIGHT_PX = 128;

/** Enter sends, Shift+Enter adds a line; nothing happens while a message is being sent. */
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
  onImage,
}: {
  sending: boolean;
  onSend: (text: string) => Promise<boolean>;
  onNewChat: () => void;
  onSave: () => void;
  /** A question about an image: the image as a data URL and the prompt (may be empty). */
  onImage: (imageData: string, prompt: string) => void;
}) {
  const { toast } = useToast();
  const [text, setText] = useState('');
  const textRef = useRef(text);
  useEffect(() => {
    textRef.current = text;
  }, [text]);
  const blank = text.trim().length === 0;

  // The typed text is the prompt of an uploaded or pasted image.
  const takePrompt = useCallback(() => {
    const prompt = textRef.current.trim();
    setText('');
    return prompt;
  }, []);

  // Spoken words are sent like typed ones; while a message is on its way they wait in the box.
  const sendSpoken = useCallback(
    (spoken: string) => {
      void onSend(spoken).then((sent) => {
        if (!sent) setText((current) => (current.trim() ? `${current} ${spoken}` : spoken));
      });
    },
    [onSend],
  );

  const onPaste = async (event: ClipboardEvent) => {
    const file = Array.from(event.clipboardData?.files ?? []).find((f) => f.type.startsWith('image/'));
    if (!file) return;
    event.preventDefault();
    const imageData = await readImageForQuestion(file, toast);
    if (imageData) onImage(imageData, takePrompt());
  };

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
        onPaste={(e) => void onPaste(e)}
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
        <Stack
          direction="row"
          alignItems="center"
          spacing={0.5}
          useFlexGap
          flexWrap="wrap"
          data-tour="voice"
          sx={{ minWidth: 0 }}
        >
          <ImageButtons disabled={sending} takePrompt={takePrompt} onImage={onImage} />
          <TalkButton onText={sendSpoken} />
          <VoiceModeToggles onCommand={sendSpoken} />
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
