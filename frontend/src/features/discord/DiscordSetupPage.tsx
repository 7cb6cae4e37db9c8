import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import { ComingSoonPanel } from '../../components/ComingSoonPanel';
import { PublicPageLayout } from '../../components/PublicPageLayout';
import { SectionHeader } from '../../components/SectionHeader';
import { useDocumentTitle } from '../../components/use-document-title';

/** Discord Setup: a finished page whose feature arrives with a later issue. */
export function DiscordSetupPage() {
  useDocumentTitle('Discord setup \u2014 Jarvis');
  return (
    <PublicPageLayout>
      <SectionHeader title={'Discord Setup'} subtitle={'Add the Jarvis bot to your Discord server'} />
      <ComingSoonPanel
        icon={<ForumOutlinedIcon />}
        title={'The Discord setup guide is coming soon'}
        description={
          'A step-by-step guide to add the Jarvis bot to your Discord server, with a connection test that lists the servers the bot is in.'
        }
        upcoming={[
          'Invite the Jarvis bot with the right permissions',
          'Test the connection and see your servers',
          'Ask Jarvis to post messages to your channels',
        ]}
      />
    </PublicPageLayout>
  );
}
