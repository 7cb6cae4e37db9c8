import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import type { User } from '@jarvis/contracts';
import { ComingSoonPanel } from '../../components/ComingSoonPanel';
import { displayNameOf } from '../shell/user-display';
import { greetingFor } from './greeting';

/** The chat section (default). The conversation itself arrives with the chat issue. */
export function ChatSection({ user }: { user: User }) {
  const firstName = user.firstName?.trim() || displayNameOf(user);
  return (
    <Box
      data-tour="chat"
      data-testid="section-chat"
      sx={{ display: 'flex', flexDirection: 'column', gap: 3, minHeight: '100%' }}
    >
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          {greetingFor(new Date())}, {firstName}
        </Typography>
        <Typography color="text.secondary">Chat with Jarvis</Typography>
      </Box>
      <ComingSoonPanel
        icon={<ChatBubbleOutlineIcon />}
        title="Chat is on its way"
        description="The conversation with Jarvis is being connected. Everything else in the sidebar is ready to explore, and your Smart Suggestions will land here once chat is live."
        upcoming={[
          'Chat with an assistant that remembers your earlier messages',
          'Talk hands-free with "Hey Jarvis" or the always-on mode, and hear replies spoken aloud',
          'Ask about a photo you upload or take with your camera',
          'One-click actions in replies: reminders, weather, events, web search, drafts and more',
        ]}
      />
    </Box>
  );
}
