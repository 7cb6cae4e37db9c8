import type { ReactNode } from 'react';
import AlarmOutlinedIcon from '@mui/icons-material/AlarmOutlined';
import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import CodeIcon from '@mui/icons-material/Code';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import GavelOutlinedIcon from '@mui/icons-material/GavelOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import MusicNoteOutlinedIcon from '@mui/icons-material/MusicNoteOutlined';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import PhoneInTalkOutlinedIcon from '@mui/icons-material/PhoneInTalkOutlined';
import PsychologyOutlinedIcon from '@mui/icons-material/PsychologyOutlined';
import WbSunnyOutlinedIcon from '@mui/icons-material/WbSunnyOutlined';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';

const ICONS: Record<string, ReactNode> = {
  chat: <ChatBubbleOutlineIcon />,
  phone: <PhoneInTalkOutlinedIcon />,
  email: <MailOutlineIcon />,
  reminders: <AlarmOutlinedIcon />,
  memory: <PsychologyOutlinedIcon />,
  notifications: <NotificationsNoneOutlinedIcon />,
  legal: <GavelOutlinedIcon />,
  coding: <CodeIcon />,
  calendar: <CalendarMonthOutlinedIcon />,
  'weather-events': <WbSunnyOutlinedIcon />,
  music: <MusicNoteOutlinedIcon />,
  discord: <ForumOutlinedIcon />,
  plans: <WorkspacePremiumOutlinedIcon />,
};

export function helpFeatureIcon(id: string): ReactNode {
  return ICONS[id] ?? <HelpOutlineIcon />;
}
