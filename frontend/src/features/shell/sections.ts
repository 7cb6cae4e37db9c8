/** The thirteen sections the main app switches in place (doc1 §2); chat is the default. */
export const SECTION_IDS = [
  'chat',
  'twin',
  'reminders',
  'memory',
  'phone',
  'outbound-calls',
  'shortcuts',
  'notifications',
  'conversations',
  'settings',
  'share',
  'account',
  'help',
] as const;

export type SectionId = (typeof SECTION_IDS)[number];

export const DEFAULT_SECTION: SectionId = 'chat';

export const SECTION_TITLES: Record<SectionId, string> = {
  chat: 'Chat',
  twin: 'AI Twin',
  reminders: 'Reminders',
  memory: 'Memory',
  phone: 'Phone Messages',
  'outbound-calls': 'Outbound Calls',
  shortcuts: 'Quick Responses',
  notifications: 'Notifications',
  conversations: 'Saved Conversations',
  settings: 'Settings',
  share: 'Share',
  account: 'Account',
  help: 'Get Help',
};
