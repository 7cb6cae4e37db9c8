import { Suspense } from 'react';
import type { User } from '@jarvis/contracts';
import { lazyNamed } from '../../components/lazy-named';
import { LoadingState } from '../../components/LoadingState';
import { SECTION_TITLES, type SectionId } from './sections';

// Each section is its own chunk, loaded the first time it is opened; only chat (the default) loads at sign-in.
const AccountSection = lazyNamed(() => import('../account/AccountSection'), 'AccountSection');
const ChatSection = lazyNamed(() => import('../chat/ChatSection'), 'ChatSection');
const ConversationsSection = lazyNamed(
  () => import('../conversations/ConversationsSection'),
  'ConversationsSection',
);
const HelpCenterSection = lazyNamed(() => import('../help/HelpCenterSection'), 'HelpCenterSection');
const MemorySection = lazyNamed(() => import('../memory/MemorySection'), 'MemorySection');
const NotificationsSection = lazyNamed(
  () => import('../notifications/NotificationsSection'),
  'NotificationsSection',
);
const OutboundCallsSection = lazyNamed(
  () => import('../outbound-calls/OutboundCallsSection'),
  'OutboundCallsSection',
);
const PhoneSection = lazyNamed(() => import('../phone/PhoneSection'), 'PhoneSection');
const RemindersSection = lazyNamed(() => import('../reminders/RemindersSection'), 'RemindersSection');
const SettingsSection = lazyNamed(() => import('../settings/SettingsSection'), 'SettingsSection');
const ShareSection = lazyNamed(() => import('../share/ShareSection'), 'ShareSection');
const ShortcutsSection = lazyNamed(() => import('../shortcuts/ShortcutsSection'), 'ShortcutsSection');
const TwinSection = lazyNamed(() => import('../twin/TwinSection'), 'TwinSection');

function ActiveSection({ section, user }: { section: SectionId; user: User }) {
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
      return <OutboundCallsSection user={user} />;
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

/** Renders the active section, with a loading state while its chunk arrives the first time. */
export function SectionView({ section, user }: { section: SectionId; user: User }) {
  return (
    <Suspense key={section} fallback={<LoadingState label={`Loading ${SECTION_TITLES[section]}`} />}>
      <ActiveSection section={section} user={user} />
    </Suspense>
  );
}
