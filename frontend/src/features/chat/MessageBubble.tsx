import { Suspense } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ActionButtons } from './actions/ActionButtons';
import { displayContent, ERROR_MARKER, type ChatViewMessage } from '../../state/chat-message';
import { lazyNamed } from '../../components/lazy-named';
import { formatMessageTime } from './greeting';
import { ImageMessageBubble } from './ImageMessageBubble';
import { JarvisAvatar } from './JarvisAvatar';
import { Markdown } from './Markdown';
import { MessageToolbar } from './MessageToolbar';
import { UserMessageBubble } from './UserMessageBubble';

// Cards come from running an action: their code loads with the first one.
const InlineCardView = lazyNamed(() => import('./cards/InlineCardView'), 'InlineCardView');

export interface BubbleActionProps {
  runningIndex: number | null;
  anyRunning: boolean;
  onRunAction: (index: number) => void;
  onCloseCard: (cardId: string) => void;
}

/** One message (doc1 §2): the user's on the right, Jarvis's on the left with markdown, actions and cards. */
export function MessageBubble({ message, ...actionProps }: { message: ChatViewMessage } & BubbleActionProps) {
  const time = formatMessageTime(message.created_at);
  if (message.role === 'user')
    return message.actions?.some((a) => a.type === 'image_analysis') ? (
      <ImageMessageBubble content={message.content} time={time} testId="message" actions={message.actions} />
    ) : (
      <UserMessageBubble content={message.content} time={time} testId="message" />
    );

  const isError = message.content.startsWith(ERROR_MARKER);
  const text = displayContent(message);
  return (
    <Stack
      direction="row"
      spacing={1.5}
      alignItems="flex-start"
      data-testid="message"
      data-role="assistant"
      data-streaming={message.streaming ? 'true' : undefined}
      aria-busy={message.streaming ? true : undefined}
    >
      <JarvisAvatar />
      <Stack spacing={1} sx={{ minWidth: 0, flex: 1, maxWidth: { xs: '100%', sm: '85%' } }}>
        <Box
          data-testid="message-text"
          sx={{
            alignSelf: 'flex-start',
            maxWidth: '100%',
            px: 2,
            py: 1.25,
            borderRadius: 3,
            borderTopLeftRadius: 6,
            bgcolor: 'background.paper',
            border: 1,
            borderColor: isError ? 'error.main' : 'divider',
            color: isError ? 'error.main' : 'text.primary',
          }}
        >
          <Markdown>{text}</Markdown>
        </Box>
        {message.actions && message.actions.length > 0 && (
          <ActionButtons
            actions={message.actions}
            runningIndex={actionProps.runningIndex}
            anyRunning={actionProps.anyRunning}
            onRun={actionProps.onRunAction}
          />
        )}
        {message.cards && message.cards.length > 0 && (
          <Suspense fallback={null}>
            {message.cards.map((card) => (
              <InlineCardView key={card.id} card={card} onClose={() => actionProps.onCloseCard(card.id)} />
            ))}
          </Suspense>
        )}
        {!message.streaming && (
          <Stack direction="row" alignItems="center" spacing={1} useFlexGap flexWrap="wrap">
            <MessageToolbar messageId={message.id} text={text} stored={!message.localOnly} />
            <Typography variant="caption" color="text.secondary">
              {time}
            </Typography>
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
