import type { ReactNode } from 'react';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import AlarmOutlinedIcon from '@mui/icons-material/AlarmOutlined';
import BoltOutlinedIcon from '@mui/icons-material/BoltOutlined';
import BookmarkBorderOutlinedIcon from '@mui/icons-material/BookmarkBorderOutlined';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import ContactsOutlinedIcon from '@mui/icons-material/ContactsOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import PhoneForwardedOutlinedIcon from '@mui/icons-material/PhoneForwardedOutlined';
import PsychologyOutlinedIcon from '@mui/icons-material/PsychologyOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import VoicemailOutlinedIcon from '@mui/icons-material/VoicemailOutlined';
import { CONTRACTS_URL } from '../contracts/contracts-url';
import type { SectionId } from './sections';
import type { NavBadges } from './use-nav-badges';

interface NavItemBase {
  label: string;
  icon: ReactNode;
  /** `data-tour` anchor for the onboarding tour. */
  tour?: string;
}
export type NavItem =
  | (NavItemBase & { kind: 'section'; section: SectionId; badge?: keyof NavBadges })
  | (NavItemBase & { kind: 'route'; to: string })
  | (NavItemBase & { kind: 'external'; href: string });

export interface NavGroup {
  title: string;
  items: NavItem[];
}

/** Side navigation of doc1 §2: entries that switch the view in place, and entries that navigate. */
export const NAV_GROUPS: NavGroup[] = [
  {
    title: 'Assistant',
    items: [
      { kind: 'section', section: 'chat', label: 'Chat', icon: <ChatBubbleOutlineIcon /> },
      {
        kind: 'section',
        section: 'reminders',
        label: 'Reminders',
        icon: <AlarmOutlinedIcon />,
        badge: 'reminders',
        tour: 'reminders',
      },
      { kind: 'section', section: 'memory', label: 'Memory', icon: <PsychologyOutlinedIcon /> },
      { kind: 'section', section: 'twin', label: 'AI Twin', icon: <SmartToyOutlinedIcon /> },
      { kind: 'section', section: 'shortcuts', label: 'Quick Responses', icon: <BoltOutlinedIcon /> },
      {
        kind: 'route',
        to: '/conversations',
        label: 'Saved Conversations',
        icon: <BookmarkBorderOutlinedIcon />,
      },
    ],
  },
  {
    title: 'Communication',
    items: [
      {
        kind: 'section',
        section: 'phone',
        label: 'Phone Messages',
        icon: <VoicemailOutlinedIcon />,
        badge: 'phone',
        tour: 'phone',
      },
      {
        kind: 'section',
        section: 'outbound-calls',
        label: 'Outbound Calls',
        icon: <PhoneForwardedOutlinedIcon />,
        badge: 'outbound-calls',
      },
      {
        kind: 'section',
        section: 'notifications',
        label: 'Notifications',
        icon: <NotificationsNoneOutlinedIcon />,
        badge: 'notifications',
      },
      { kind: 'route', to: '/emails', label: 'Emails', icon: <MailOutlineIcon /> },
      { kind: 'route', to: '/contacts', label: 'Contacts', icon: <ContactsOutlinedIcon /> },
    ],
  },
  {
    title: 'Tools',
    items: [
      { kind: 'route', to: '/orb', label: 'Voice Orb', icon: <GraphicEqIcon />, tour: 'voice' },
      { kind: 'route', to: '/discord-setup', label: 'Discord Setup', icon: <ForumOutlinedIcon /> },
      { kind: 'external', href: CONTRACTS_URL, label: 'Contracts', icon: <DescriptionOutlinedIcon /> },
    ],
  },
  {
    title: 'You',
    items: [
      {
        kind: 'section',
        section: 'settings',
        label: 'Settings',
        icon: <SettingsOutlinedIcon />,
        tour: 'personality',
      },
      { kind: 'section', section: 'account', label: 'Account', icon: <AccountCircleOutlinedIcon /> },
      { kind: 'section', section: 'share', label: 'Share', icon: <ShareOutlinedIcon /> },
      { kind: 'section', section: 'help', label: 'Get Help', icon: <HelpOutlineIcon /> },
    ],
  },
];
