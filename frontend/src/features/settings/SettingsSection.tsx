import { useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import { ComingSoonPanel } from '../../components/ComingSoonPanel';
import { SectionHeader } from '../../components/SectionHeader';
import { ProfileTab } from './ProfileTab';
import { ThemeSettingsPanel } from './ThemeSettingsPanel';
import { VoiceCloningPanel } from '../voice-cloning/VoiceCloningPanel';
import { NotificationSettingsPanel } from '../notification-settings/NotificationSettingsPanel';

const TABS = ['Profile', 'Voice', 'Theme', 'Notifications', 'Calendar'] as const;
type SettingsTab = (typeof TABS)[number];

/** Settings: five tabs (Profile by default). All but Calendar work now; Calendar arrives with its issue. */
export function SettingsSection() {
  const [tab, setTab] = useState<SettingsTab>('Profile');
  return (
    <Box data-testid="section-settings">
      <SectionHeader title="Settings" subtitle="Your profile, voice, theme, notifications and calendar" />
      <Tabs
        value={tab}
        onChange={(_e, value: SettingsTab) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((name) => (
          <Tab key={name} value={name} label={name} />
        ))}
      </Tabs>
      {tab === 'Profile' && <ProfileTab />}
      {tab === 'Voice' && <VoiceCloningPanel />}
      {tab === 'Theme' && <ThemeSettingsPanel />}
      {tab === 'Notifications' && <NotificationSettingsPanel />}
      {tab === 'Calendar' && (
        <ComingSoonPanel
          icon={<CalendarMonthOutlinedIcon />}
          title="Calendar sync is coming soon"
          description="Connect Google Calendar so your events become reminders and calls."
          upcoming={[
            'Connect or disconnect Google Calendar',
            'Turn events into reminders and phone calls automatically',
          ]}
        />
      )}
    </Box>
  );
}
