import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { ComingSoonPanel } from '../../components/ComingSoonPanel';
import { PublicPageLayout } from '../../components/PublicPageLayout';
import { SectionHeader } from '../../components/SectionHeader';
import { useDocumentTitle } from '../../components/use-document-title';

/** Emails: a finished page whose feature arrives with a later issue. */
export function EmailsPage() {
  useDocumentTitle('Emails \u2014 Jarvis');
  return (
    <PublicPageLayout>
      <SectionHeader title={'Emails'} subtitle={'Your inbox, inside Jarvis'} />
      <ComingSoonPanel
        icon={<MailOutlineIcon />}
        title={'The inbox is coming soon'}
        description={
          'Connect your Gmail account to read, search and open your messages without leaving Jarvis.'
        }
        upcoming={[
          'Connect and disconnect your mail account',
          'Search your inbox and open messages',
          'Unsubscribe, trash and mark spam on Premium and Enterprise',
        ]}
      />
    </PublicPageLayout>
  );
}
