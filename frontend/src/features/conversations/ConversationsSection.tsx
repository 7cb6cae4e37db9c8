import Box from '@mui/material/Box';
import { ConversationsPanel } from './ConversationsPanel';

/** The Saved Conversations section of the main app. */
export function ConversationsSection() {
  return (
    <Box data-testid="section-conversations">
      <ConversationsPanel />
    </Box>
  );
}
