import { PublicPageLayout } from '../../components/PublicPageLayout';
import { SectionHeader } from '../../components/SectionHeader';
import { useDocumentTitle } from '../../components/use-document-title';
import { ShareProductPanel } from './ShareProductPanel';

/** /shared: the share-the-product page. */
export function SharePage() {
  useDocumentTitle('Share Jarvis');
  return (
    <PublicPageLayout>
      <SectionHeader title="Share Jarvis" subtitle="Tell your friends about your personal AI assistant" />
      <ShareProductPanel />
    </PublicPageLayout>
  );
}
