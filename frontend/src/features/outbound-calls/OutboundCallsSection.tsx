import Box from '@mui/material/Box';
import PhoneForwardedOutlinedIcon from '@mui/icons-material/PhoneForwardedOutlined';
import { ComingSoonPanel } from '../../components/ComingSoonPanel';
import { SectionHeader } from '../../components/SectionHeader';

/** The Outbound Calls section of the main app; its feature arrives with a later issue. */
export function OutboundCallsSection() {
  return (
    <Box data-testid="section-outbound-calls">
      <SectionHeader title={'Outbound Calls'} subtitle={'Calls Jarvis places for you'} />
      <ComingSoonPanel
        icon={<PhoneForwardedOutlinedIcon />}
        title={'Outbound calls are coming soon'}
        description={
          'Jarvis will place AI-driven phone calls for you, one-off or on a schedule, with full call logs.'
        }
        upcoming={[
          'Queue a call: bill collection, appointments, spam blocking, follow-ups or returning a missed call',
          'Create automated call scenarios that run on a schedule',
          'Review call logs with recordings and transcripts',
        ]}
      />
    </Box>
  );
}
