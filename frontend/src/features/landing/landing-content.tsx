import type { ReactNode } from 'react';
import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutline';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import MicNoneOutlinedIcon from '@mui/icons-material/MicNoneOutlined';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import PhoneInTalkOutlinedIcon from '@mui/icons-material/PhoneInTalkOutlined';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import TouchAppOutlinedIcon from '@mui/icons-material/TouchAppOutlined';

export interface LandingFeature {
  icon: ReactNode;
  title: string;
  text: string;
}

/** The product's features as doc1 §1 lists them, in a visitor's words. */
export const LANDING_FEATURES: LandingFeature[] = [
  {
    icon: <ChatBubbleOutlineIcon />,
    title: 'Chat with memory',
    text: 'A conversation that remembers what you said before, so you never repeat yourself.',
  },
  {
    icon: <MicNoneOutlinedIcon />,
    title: 'Hands-free voice',
    text: 'Say "Hey Jarvis", keep an always-on conversation going, or tap the mic. Every reply is spoken aloud.',
  },
  {
    icon: <PhotoCameraOutlinedIcon />,
    title: 'Ask about any image',
    text: 'Upload a picture or snap one with your camera and ask what you want to know about it.',
  },
  {
    icon: <TouchAppOutlinedIcon />,
    title: 'One-click actions',
    text: 'Replies come with buttons: create reminders, check the weather, find events, search the web, draft texts and e-mails.',
  },
  {
    icon: <AutoAwesomeOutlinedIcon />,
    title: 'Smart suggestions',
    text: 'Timely whispers about planning, your commute, wellness and bills before you even ask.',
  },
  {
    icon: <PhoneInTalkOutlinedIcon />,
    title: 'Phone calls handled',
    text: 'Jarvis takes messages from your callers and can place calls for you: appointments, follow-ups and more.',
  },
  {
    icon: <MailOutlineIcon />,
    title: 'E-mail and contacts',
    text: 'Read and search your inbox, clean up newsletters and message your contacts by name.',
  },
  {
    icon: <CalendarMonthOutlinedIcon />,
    title: 'Reminders and calendar',
    text: 'Reminders in plain words, Google Calendar sync and booking links others can use to meet you.',
  },
  {
    icon: <NotificationsActiveOutlinedIcon />,
    title: 'Notifications your way',
    text: 'Push, SMS or e-mail alerts for the calls, reminders and messages that matter to you.',
  },
];
