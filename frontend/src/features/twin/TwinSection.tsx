import Box from '@mui/material/Box';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import { ComingSoonPanel } from '../../components/ComingSoonPanel';
import { SectionHeader } from '../../components/SectionHeader';

/** The AI Twin section of the main app; its feature arrives with a later issue. */
export function TwinSection() {
  return (
    <Box data-testid="section-twin">
      <SectionHeader title={'AI Twin'} subtitle={'Train an AI twin on your writing style'} />
      <ComingSoonPanel
        icon={<SmartToyOutlinedIcon />}
        title={'AI Twin training is coming soon'}
        description={
          'Your AI twin will learn how you write so Jarvis can draft messages that sound like you.'
        }
        upcoming={[
          'Add writing samples, facts about you and guidelines for your twin',
          'Train your twin and see its voice summary and tone',
          'Let Jarvis reply in your own style',
        ]}
      />
    </Box>
  );
}
