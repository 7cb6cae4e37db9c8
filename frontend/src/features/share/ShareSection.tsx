import Box from '@mui/material/Box';
import { SectionHeader } from '../../components/SectionHeader';
import { ShareProductPanel } from './ShareProductPanel';

export function ShareSection() {
  return (
    <Box data-testid="section-share" sx={{ maxWidth: 880 }}>
      <SectionHeader title="Share Jarvis" subtitle="Tell your friends about your personal AI assistant" />
      <ShareProductPanel />
    </Box>
  );
}
