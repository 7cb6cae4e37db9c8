import { useState } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import RecordVoiceOverOutlinedIcon from '@mui/icons-material/RecordVoiceOverOutlined';
import { ComingSoonPanel } from '../../components/ComingSoonPanel';
import { SectionHeader } from '../../components/SectionHeader';
import { ThemeSettingsPanel } from './ThemeSettingsPanel';

const TABS = ['Profile', 'Voice', 'Theme', 'Notifications', 'Calendar'] as const;
type SettingsTab = (typeof TABS)[number];

/** Settings: five tabs (Profile by default). Theme works now; the others arrive with the settings issue. */
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
      {tab === 'Profile' && (
        <ComingSoonPanel
          icon={<PersonOutlineIcon />}
          title="Profile settings are coming soon"
          description="You will be able to change your username, first name and last name here."
          upcoming={['Edit your username, first and last name', 'See your plan at a glance']}
        />
      )}
      {tab === 'Voice' && (
        <ComingSoonPanel
          icon={<RecordVoiceOverOutlinedIcon />}
          title="Voice cloning is coming soon"
          description="Premium and Enterprise subscribers will be able to clone their own voice so Jarvis speaks like them."
          upcoming={[
            'Record 3 to 5 short voice samples',
            'Create your voice clone',
            'Switch "Use my voice" on or off',
          ]}
        />
      )}
      {tab === 'Theme' && <ThemeSettingsPanel />}
      {tab === 'Notifications' && (
        <ComingSoonPanel
          icon={<NotificationsActiveOutlinedIcon />}
          title="Notification preferences are coming soon"
          description="Choose how Jarvis reaches you: text message, browser push or e-mail, event by event."
          upcoming={[
            'A spoken wake-up briefing at the time you choose',
            'SMS, push and e-mail alerts per event type',
          ]}
        />
      )}
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
