import Box from '@mui/material/Box';
import BookmarkBorderOutlinedIcon from '@mui/icons-material/BookmarkBorderOutlined';
import { ComingSoonPanel } from '../../components/ComingSoonPanel';
import { SectionHeader } from '../../components/SectionHeader';

/** The Saved Conversations section of the main app; its feature arrives with a later issue. */
export function ConversationsSection() {
  return (
    <Box data-testid="section-conversations">
      <SectionHeader title={'Saved Conversations'} subtitle={'Conversations you saved from chat'} />
      <ComingSoonPanel
        icon={<BookmarkBorderOutlinedIcon />}
        title={'Saved conversations are coming soon'}
        description={'Save a chat with a title, share it by link and recover lost conversations.'}
        upcoming={[
          'Browse and reopen saved conversations',
          'Share a conversation with a public read-only link',
          'Recover a conversation from the last 7 days',
        ]}
      />
    </Box>
  );
}
