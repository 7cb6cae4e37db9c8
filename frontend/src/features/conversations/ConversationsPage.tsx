import { PublicPageLayout } from '../../components/PublicPageLayout';
import { useDocumentTitle } from '../../components/use-document-title';
import { ConversationsPanel } from './ConversationsPanel';

/** /conversations: Saved Conversations with a way back to chat. */
export function ConversationsPage() {
  useDocumentTitle('Saved conversations \u2014 Jarvis');
  return (
    <PublicPageLayout>
      <ConversationsPanel />
    </PublicPageLayout>
  );
}
