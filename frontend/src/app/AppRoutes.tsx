import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { lazyNamed } from '../components/lazy-named';
import { LoadingState } from '../components/LoadingState';
import { useCurrentUser } from '../state/use-current-user';
import { HomeRoute } from './HomeRoute';

// Every page is its own chunk: a visit loads the page it shows, not the whole product (the JS budget, docs/frontend.md).
const AccountPage = lazyNamed(() => import('../features/account/AccountPage'), 'AccountPage');
const AuthCallbackPage = lazyNamed(() => import('../features/auth/AuthCallbackPage'), 'AuthCallbackPage');
const LoginPage = lazyNamed(() => import('../features/auth/LoginPage'), 'LoginPage');
const BookingPage = lazyNamed(() => import('../features/booking/BookingPage'), 'BookingPage');
const CalendarSettingsPage = lazyNamed(
  () => import('../features/calendar/CalendarSettingsPage'),
  'CalendarSettingsPage',
);
const ContactsPage = lazyNamed(() => import('../features/contacts/ContactsPage'), 'ContactsPage');
const ConversationsPage = lazyNamed(
  () => import('../features/conversations/ConversationsPage'),
  'ConversationsPage',
);
const DiscordSetupPage = lazyNamed(() => import('../features/discord/DiscordSetupPage'), 'DiscordSetupPage');
const EmailsPage = lazyNamed(() => import('../features/emails/EmailsPage'), 'EmailsPage');
const NotFoundPage = lazyNamed(() => import('../features/errors/NotFoundPage'), 'NotFoundPage');
const HelpPage = lazyNamed(() => import('../features/help/HelpPage'), 'HelpPage');
const OrbPage = lazyNamed(() => import('../features/orb/OrbPage'), 'OrbPage');
const SharePage = lazyNamed(() => import('../features/share/SharePage'), 'SharePage');
const VerifyEmailPage = lazyNamed(
  () => import('../features/notification-settings/VerifyEmailPage'),
  'VerifyEmailPage',
);
const SharedConversationPage = lazyNamed(
  () => import('../features/shared-conversation/SharedConversationPage'),
  'SharedConversationPage',
);

/** Every route of doc1 §2 and doc3 §2, plus /login. /orb exists only for a signed-in user. */
export function AppRoutes() {
  const { isAuthenticated } = useCurrentUser();
  return (
    <Suspense fallback={<LoadingState fullPage />}>
      <Routes>
        <Route path="/" element={<HomeRoute />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/auth/callback" element={<AuthCallbackPage />} />
        <Route path="/discord-setup" element={<DiscordSetupPage />} />
        <Route path="/conversations" element={<ConversationsPage />} />
        <Route path="/emails" element={<EmailsPage />} />
        <Route path="/contacts" element={<ContactsPage />} />
        <Route path="/calendar-settings" element={<CalendarSettingsPage />} />
        <Route path="/shared" element={<SharePage />} />
        <Route path="/shared/:shareToken" element={<SharedConversationPage />} />
        <Route path="/book/:code" element={<BookingPage />} />
        <Route path="/help" element={<HelpPage />} />
        <Route path="/account" element={<AccountPage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        {isAuthenticated && <Route path="/orb" element={<OrbPage />} />}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
