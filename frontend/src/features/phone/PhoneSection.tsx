import Box from '@mui/material/Box';
import VoicemailOutlinedIcon from '@mui/icons-material/VoicemailOutlined';
import { ComingSoonPanel } from '../../components/ComingSoonPanel';
import { SectionHeader } from '../../components/SectionHeader';

/** The Phone Messages section of the main app; its feature arrives with a later issue. */
export function PhoneSection() {
  return (
    <Box data-testid="section-phone">
      <SectionHeader title={'Phone Messages'} subtitle={'Messages callers left with Jarvis'} />
      <ComingSoonPanel
        icon={<VoicemailOutlinedIcon />}
        title={'Phone messages are coming soon'}
        description={
          'When people call your Jarvis number, their messages, transcripts and recordings will appear here.'
        }
        upcoming={[
          'Filter messages by status and priority',
          'Read transcripts, play recordings and add notes',
          'Mark messages as read, replied or archived',
        ]}
      />
    </Box>
  );
}
