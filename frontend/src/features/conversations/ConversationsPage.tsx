import BookmarkBorderOutlinedIcon from '@mui/icons-material/BookmarkBorderOutlined';
import { ComingSoonPanel } from '../../components/ComingSoonPanel';
import { PublicPageLayout } from '../../components/PublicPageLayout';
import { SectionHeader } from '../../components/SectionHeader';
import { useDocumentTitle } from '../../components/use-document-title';

/** Saved Conversations: a finished page whose feature arrives with a later issue. */
export function ConversationsPage() {
  useDocumentTitle('Saved conversations \u2014 Jarvis');
  return (
    <PublicPageLayout>
      <SectionHeader title={'Saved Conversations'} subtitle={'Conversations you saved from chat'} />
      <ComingSoonPanel
        icon={<BookmarkBorderOutlinedIcon />}
        title={'Saved conversations are coming soon'}
        description={
          'You will find the conversations you save from chat here, ready to reopen, share by link or delete.'
        }
        upcoming={[
          'Reopen any saved conversation',
          'Share a read-only link, or stop sharing',
          'Recover a lost conversation from the last 7 days',
        ]}
      />
    </PublicPageLayout>
  );
}
