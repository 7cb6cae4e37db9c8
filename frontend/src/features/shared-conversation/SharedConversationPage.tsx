import { Link as RouterLink, useParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import { ComingSoonPanel } from '../../components/ComingSoonPanel';
import { PublicPageLayout } from '../../components/PublicPageLayout';
import { SectionHeader } from '../../components/SectionHeader';
import { useDocumentTitle } from '../../components/use-document-title';

/** /shared/:shareToken — public, read-only shared conversation. */
export function SharedConversationPage() {
  useDocumentTitle('Shared conversation — Jarvis');
  const { shareToken } = useParams();
  return (
    <PublicPageLayout backLabel="Home">
      <SectionHeader title="Shared conversation" subtitle="A conversation someone shared from Jarvis" />
      <ComingSoonPanel
        icon={<ForumOutlinedIcon />}
        title="Shared conversations are coming soon"
        description={`This link (${shareToken ?? ''}) will show a read-only copy of a conversation once sharing is switched on. In the meantime, meet Jarvis yourself.`}
        upcoming={['Read a conversation someone shared with you', 'No account needed to view it']}
        action={
          <Button component={RouterLink} to="/" variant="contained">
            Try Jarvis for free
          </Button>
        }
      />
    </PublicPageLayout>
  );
}
