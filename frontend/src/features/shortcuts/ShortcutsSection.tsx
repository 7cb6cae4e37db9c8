import Box from '@mui/material/Box';
import BoltOutlinedIcon from '@mui/icons-material/BoltOutlined';
import { ComingSoonPanel } from '../../components/ComingSoonPanel';
import { SectionHeader } from '../../components/SectionHeader';

/** The Quick Responses section of the main app; its feature arrives with a later issue. */
export function ShortcutsSection() {
  return (
    <Box data-testid="section-shortcuts">
      <SectionHeader title={'Quick Responses'} subtitle={'Shortcuts that answer common requests instantly'} />
      <ComingSoonPanel
        icon={<BoltOutlinedIcon />}
        title={'Quick Responses are coming soon'}
        description={
          'Define trigger phrases and a reply template, and Jarvis will answer matching messages instantly.'
        }
        upcoming={[
          'Create shortcuts with several trigger phrases',
          'Edit, disable or delete shortcuts',
          'See how often each shortcut was used',
        ]}
      />
    </Box>
  );
}
