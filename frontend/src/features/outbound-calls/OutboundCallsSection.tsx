import { useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { User } from '@jarvis/contracts';
import { SectionHeader } from '../../components/SectionHeader';
import { ManualCallsTab } from './ManualCallsTab';
import { ScenariosTab } from './ScenariosTab';

type OutboundTab = 'manual' | 'scenarios';

/** Outbound Calls (doc3 §2): Manual Calls and Automated Scenarios. Calls need a plan with outgoing calls (§6). */
export function OutboundCallsSection({ user }: { user: Pick<User, 'subscriptionTier'> }) {
  const [tab, setTab] = useState<OutboundTab>('manual');
  const canCall = user.subscriptionTier === 'premium' || user.subscriptionTier === 'enterprise';
  return (
    <Box data-testid="section-outbound-calls">
      <SectionHeader title={'Outbound Calls'} subtitle={'Calls Jarvis places for you'} />
      <Tabs
        value={tab}
        onChange={(_event, next: OutboundTab) => setTab(next)}
        variant="fullWidth"
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider', maxWidth: 480 }}
      >
        <Tab
          value="manual"
          label="Manual Calls"
          id="outbound-tab-manual"
          aria-controls="outbound-panel-manual"
        />
        <Tab
          value="scenarios"
          label="Automated Scenarios"
          id="outbound-tab-scenarios"
          aria-controls="outbound-panel-scenarios"
        />
      </Tabs>
      <Box role="tabpanel" id={`outbound-panel-${tab}`} aria-labelledby={`outbound-tab-${tab}`}>
        {tab === 'manual' ? <ManualCallsTab canCall={canCall} /> : <ScenariosTab />}
      </Box>
    </Box>
  );
}
