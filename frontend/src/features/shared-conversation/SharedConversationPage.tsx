import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import type { ChatMessage } from '@jarvis/contracts';
import { PublicPageLayout } from '../../components/PublicPageLayout';
import { useDocumentTitle } from '../../components/use-document-title';
import { displayContent } from '../../state/chat-message';
import { formatMessageTime } from '../chat/greeting';
import { JarvisAvatar } from '../chat/JarvisAvatar';
import { Markdown } from '../chat/Markdown';
import { useSharedConversation } from './use-shared-conversation';
import { formatEastern } from '../conversations/conversation-dates';
import { isValidShareToken } from './share-token';
import { UserMessageBubble } from '../chat/UserMessageBubble';

function TryJarvis() {
  return (
    <Button component={RouterLink} to="/" variant="contained">
      Try Jarvis
    </Button>
  );
}

function Problem({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, sm: 5 }, borderRadius: 4, textAlign: 'center' }}
      data-testid="shared-problem"
    >
      <Box sx={{ color: 'text.secondary', mb: 1 }}>{icon}</Box>
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {text}
      </Typography>
      <TryJarvis />
    </Paper>
  );
}

function ReadOnlyMessage({ message }: { message: ChatMessage }) {
  const time = formatMessageTime(message.created_at);
  if (message.role === 'user')
    return <UserMessageBubble content={message.content} time={time} testId="shared-message" />;
  return (
    <Stack
      direction="row"
      spacing={1.5}
      alignItems="flex-start"
      data-testid="shared-message"
      data-role="assistant"
    >
      <JarvisAvatar />
      <Stack sx={{ minWidth: 0, maxWidth: { xs: '100%', sm: '85%' } }}>
        <Box
          sx={{
            px: 2,
            py: 1.25,
            borderRadius: 3,
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
          }}
        >
          <Markdown>{displayContent(message)}</Markdown>
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ mt: 0.5 }}>
          {time}
        </Typography>
      </Stack>
    </Stack>
  );
}

/** /shared/:shareToken — a conversation someone shared: public and read only (doc3 §2). */
export function SharedConversationPage() {
  const { shareToken } = useParams();
  const valid = isValidShareToken(shareToken);
  const { data, isLoading, isError } = useSharedConversation(shareToken ?? '', { enabled: valid });
  useDocumentTitle(data ? `${data.title} — Jarvis` : 'Shared conversation — Jarvis');

  return (
    <PublicPageLayout backLabel="Home" actions={data ? <TryJarvis /> : undefined}>
      {/* The page's own name; the conversation's title is the heading below it. */}
      <Typography variant="overline" component="h1" color="text.secondary" sx={{ display: 'block', mb: 1 }}>
        Shared conversation
      </Typography>
      {!valid ? (
        <Problem
          icon={<LinkOffIcon fontSize="large" />}
          title="Invalid Share Link"
          text="This link is not a valid shared conversation. Check that you copied the whole link."
        />
      ) : isLoading ? (
        <Stack spacing={2}>
          <Skeleton variant="text" width="60%" height={48} />
          <Skeleton variant="rounded" height={64} />
          <Skeleton variant="rounded" height={96} />
        </Stack>
      ) : isError || !data ? (
        <Problem
          icon={<SearchOffIcon fontSize="large" />}
          title="Conversation Not Found"
          text="This conversation does not exist or is no longer shared."
        />
      ) : (
        <Stack spacing={3}>
          <Box>
            <Typography
              variant="h4"
              component="h2"
              sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, overflowWrap: 'anywhere' }}
            >
              {data.title}
            </Typography>
            {data.description && <Typography color="text.secondary">{data.description}</Typography>}
            <Typography variant="caption" color="text.secondary">
              Saved {formatEastern(data.created_at)} · {data.messages.length} messages
            </Typography>
          </Box>
          <Stack spacing={2.5}>
            {data.messages.map((m) => (
              <ReadOnlyMessage key={m.id} message={m} />
            ))}
          </Stack>
          <Paper variant="outlined" sx={{ p: 3, borderRadius: 4, textAlign: 'center' }}>
            <Typography variant="h6" component="p">
              Want an assistant like this?
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Jarvis chats, remembers, and handles reminders, messages and more.
            </Typography>
            <TryJarvis />
          </Paper>
        </Stack>
      )}
    </PublicPageLayout>
  );
}
