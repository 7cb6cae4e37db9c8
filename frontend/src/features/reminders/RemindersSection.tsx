import Box from '@mui/material/Box';
import AlarmOutlinedIcon from '@mui/icons-material/AlarmOutlined';
import { ComingSoonPanel } from '../../components/ComingSoonPanel';
import { SectionHeader } from '../../components/SectionHeader';

/** The Your Reminders section of the main app; its feature arrives with a later issue. */
export function RemindersSection() {
  return (
    <Box data-testid="section-reminders">
      <SectionHeader title={'Your Reminders'} subtitle={'Everything Jarvis will remind you about'} />
      <ComingSoonPanel
        icon={<AlarmOutlinedIcon />}
        title={'Reminders are coming soon'}
        description={
          'Soon you will add, complete and delete reminders here, in plain words or with a date and time.'
        }
        upcoming={[
          'Add reminders like "tomorrow morning" or pick an exact date and time',
          'Tick reminders off as done and see what is still open',
          'Sync reminders with Google Calendar',
        ]}
      />
    </Box>
  );
}
