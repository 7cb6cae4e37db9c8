import { useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { SectionHeader } from '../../components/SectionHeader';
import { ProfileTab } from './ProfileTab';
import { ThemeSettingsPanel } from './ThemeSettingsPanel';
import { VoiceCloningPanel } from '../voice-cloning/VoiceCloningPanel';
import { NotificationSettingsPanel } from '../notification-settings/NotificationSettingsPanel';
import { CalendarTab } from '../calendar/CalendarTab';

const TABS = ['Profile', 'Voice', 'Theme', 'Notifications', 'Calendar'] as const;
type SettingsTab = (typeof TABS)[number];

/** Settings: five tabs (Profile by default): Profile, Voice, Theme, Notifications, Calendar (doc2 §2). */
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
      {tab === 'Calendar' && <CalendarTab />}
    </Box>
  );
}
