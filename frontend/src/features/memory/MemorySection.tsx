import Box from '@mui/material/Box';
import PsychologyOutlinedIcon from '@mui/icons-material/PsychologyOutlined';
import { ComingSoonPanel } from '../../components/ComingSoonPanel';
import { SectionHeader } from '../../components/SectionHeader';

/** The Memory Bank section of the main app; its feature arrives with a later issue. */
export function MemorySection() {
  return (
    <Box data-testid="section-memory">
      <SectionHeader title={'Memory Bank'} subtitle={'What Jarvis remembers about you'} />
      <ComingSoonPanel
        icon={<PsychologyOutlinedIcon />}
        title={'The Memory Bank is coming soon'}
        description={
          'Jarvis will show the facts, events and preferences it keeps so it can help you better, and you will be able to remove any of them.'
        }
        upcoming={[
          'Search your memories',
          "See each memory's type, importance and tags",
          'Delete memories you no longer want kept',
        ]}
      />
    </Box>
  );
}
