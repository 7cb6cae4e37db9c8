import type { User } from '@jarvis/contracts';
import { AccountSection } from '../account/AccountSection';
import { ChatSection } from '../chat/ChatSection';
import { ConversationsSection } from '../conversations/ConversationsSection';
import { HelpCenterSection } from '../help/HelpCenterSection';
import { MemorySection } from '../memory/MemorySection';
import { NotificationsSection } from '../notifications/NotificationsSection';
import { OutboundCallsSection } from '../outbound-calls/OutboundCallsSection';
import { PhoneSection } from '../phone/PhoneSection';
import { RemindersSection } from '../reminders/RemindersSection';
import { SettingsSection } from '../settings/SettingsSection';
import { ShareSection } from '../share/ShareSection';
import { ShortcutsSection } from '../shortcuts/ShortcutsSection';
import { TwinSection } from '../twin/TwinSection';
import type { SectionId } from './sections';

/** Renders the active section; each section is its own component in its feature folder. */
export function SectionView({ section, user }: { section: SectionId; user: User }) {
  switch (section) {
    case 'chat':
      return <ChatSection user={user} />;
    case 'twin':
      return <TwinSection />;
    case 'reminders':
      return <RemindersSection />;
    case 'memory':
      return <MemorySection />;
    case 'phone':
      return <PhoneSection />;
    case 'outbound-calls':
      return <OutboundCallsSection />;
    case 'shortcuts':
      return <ShortcutsSection />;
    case 'notifications':
      return <NotificationsSection />;
    case 'conversations':
      return <ConversationsSection />;
    case 'settings':
      return <SettingsSection />;
    case 'share':
      return <ShareSection />;
    case 'account':
      return <AccountSection user={user} />;
    case 'help':
      return <HelpCenterSection user={user} />;
  }
}
