import Stack from '@mui/material/Stack';
import { MemoryContextCard } from '../memory/MemoryContextCard';
import { PatternInsightsCard } from '../memory/PatternInsightsCard';
import { UpcomingRemindersCard } from '../reminders/UpcomingRemindersCard';

/** The chat's right sidebar (doc2 §2): reminders, pattern insights, memory. */
export function ChatSidebar() {
  return (
    <Stack spacing={2} data-testid="chat-sidebar">
      <UpcomingRemindersCard />
      <PatternInsightsCard />
      <MemoryContextCard />
    </Stack>
  );
}
