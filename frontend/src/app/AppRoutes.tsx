import { Route, Routes } from 'react-router-dom';
import { AccountPage } from '../features/account/AccountPage';
import { AuthCallbackPage } from '../features/auth/AuthCallbackPage';
import { LoginPage } from '../features/auth/LoginPage';
import { useCurrentUser } from '../features/auth/use-current-user';
import { BookingPage } from '../features/booking/BookingPage';
import { CalendarSettingsPage } from '../features/calendar/CalendarSettingsPage';
import { ContactsPage } from '../features/contacts/ContactsPage';
import { ConversationsPage } from '../features/conversations/ConversationsPage';
import { DiscordSetupPage } from '../features/discord/DiscordSetupPage';
import { EmailsPage } from '../features/emails/EmailsPage';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { HelpPage } from '../features/help/HelpPage';
import { OrbPage } from '../features/orb/OrbPage';
import { SharePage } from '../features/share/SharePage';
import { SharedConversationPage } from '../features/shared-conversation/SharedConversationPage';
import { HomeRoute } from './HomeRoute';

/** Every route of doc1 §2 and doc3 §2, plus /login. /orb exists only for a signed-in user. */
export function AppRoutes() {
  const { isAuthenticated } = useCurrentUser();
  return (
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
      {isAuthenticated && <Route path="/orb" element={<OrbPage />} />}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
