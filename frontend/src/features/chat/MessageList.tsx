import { Suspense, useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/History';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import type { ChatViewMessage } from '../../state/chat-message';
import { formatMessageTime, greetingFor } from './greeting';
import { MessageBubble, TypingIndicator } from './message-bubbles';
import { UserMessageBubble } from './UserMessageBubble';

/** The conversation with a time-of-day greeting, the fresh-chat empty state and the typing indicator. */
export function MessageList({
  name,
  messages,
  sending,
  historyLoading,
  runningAction,
  onLoadHistory,
  onRunAction,
  onCloseCard,
}: {
  name: string;
  messages: ChatViewMessage[];
  sending: boolean;
  historyLoading: boolean;
  runningAction: { messageId: string; index: number } | null;
  onLoadHistory: () => void;
  onRunAction: (messageId: string, index: number) => void;
  onCloseCard: (messageId: string, cardId: string) => void;
}) {
  const last = messages[messages.length - 1];
  // A streamed reply replaces the typing indicator from its first token.
  const typing = sending && !last?.streaming;
  // The chat scrolls with the page (the input is sticky at its bottom): follow new messages and cards.
  useEffect(() => {
    if (messages.length === 0) return;
    const frame = requestAnimationFrame(() =>
      window.scrollTo?.({ top: document.documentElement.scrollHeight }),
    );
    return () => cancelAnimationFrame(frame);
  }, [messages.length, last?.cards?.length, last?.content.length, sending]);

  return (
    <Stack spacing={2.5} sx={{ flexGrow: 1, py: 2 }} data-testid="message-list" aria-live="polite">
      <Typography variant="h6" component="p" data-testid="chat-greeting">
        {greetingFor(new Date())}, {name}
      </Typography>
      {messages.length === 0 && !sending ? (
        <Paper
          variant="outlined"
          sx={{ p: { xs: 3, sm: 4 }, borderRadius: 4, textAlign: 'center' }}
          data-testid="fresh-chat"
        >
          <Box sx={{ color: 'primary.main', mb: 1 }}>
            <ForumOutlinedIcon fontSize="large" />
          </Box>
          <Typography variant="h6" component="h2">
            Fresh chat started!
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
            Ask anything, or try “Remind me to call mom tomorrow at 5pm”.
          </Typography>
          <Button
            variant="outlined"
            startIcon={historyLoading ? <CircularProgress size={16} /> : <HistoryIcon />}
            onClick={onLoadHistory}
            disabled={historyLoading}
          >
            Load previous messages
          </Button>
        </Paper>
      ) : (
        messages.map((message) =>
          // The user's own words show at once; Jarvis's bubble (and a question about an image) may wait for its code
          // the first time.
          message.role === 'user' && !message.actions?.length ? (
            <UserMessageBubble
              key={message.id}
              content={message.content}
              time={formatMessageTime(message.created_at)}
              testId="message"
            />
          ) : (
            <Suspense key={message.id} fallback={null}>
              <MessageBubble
                message={message}
                runningIndex={runningAction?.messageId === message.id ? runningAction.index : null}
                anyRunning={runningAction !== null}
                onRunAction={(index) => onRunAction(message.id, index)}
                onCloseCard={(cardId) => onCloseCard(message.id, cardId)}
              />
            </Suspense>
          ),
        )
      )}
      {typing && (
        <Suspense fallback={null}>
          <TypingIndicator />
        </Suspense>
      )}
    </Stack>
  );
}
