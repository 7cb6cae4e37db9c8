import Box from '@mui/material/Box';
import type { User } from '@jarvis/contracts';
import { SectionHeader } from '../../components/SectionHeader';
import { AccountPanel } from './AccountPanel';

export function AccountSection({ user }: { user: User }) {
  return (
    <Box data-testid="section-account" sx={{ maxWidth: 960 }}>
      <SectionHeader title="Account" subtitle="Your account, plan and billing" />
      <AccountPanel user={user} />
    </Box>
  );
}
