import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { serverMessageOr } from '../../api/client';
import { LoadFailed } from '../../components/ListStates';
import { LoadingState } from '../../components/LoadingState';
import { PublicPageLayout } from '../../components/PublicPageLayout';
import { SectionHeader } from '../../components/SectionHeader';
import { useToast } from '../../components/toast/toast-context';
import { useDocumentTitle } from '../../components/use-document-title';
import { ConnectMailPrompt } from './ConnectMailPrompt';
import { EmailInbox } from './EmailInbox';
import { MailExpiredNotice } from './MailExpiredNotice';
import { useMailReturnNotice } from './use-connect-mail';
import { useDisconnectEmail, useEmailStatus } from './use-email-status';
import { useMailConnectionExpired } from './use-mail-expired';

function SignInToSeeEmails() {
  return (
    <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
      <Typography sx={{ mb: 1.5 }}>Sign in to see your inbox.</Typography>
      <Button component={RouterLink} to="/login" variant="contained">
        Sign In
      </Button>
    </Paper>
  );
}

function DisconnectMailButton() {
  const { toast } = useToast();
  const disconnect = useDisconnectEmail();
  const run = async () => {
    try {
      await disconnect.mutateAsync();
      toast({ title: 'E-mail disconnected' });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessageOr(error, 'Failed to disconnect e-mail'),
        variant: 'destructive',
      });
    }
  };
  return (
    <Button
      variant="outlined"
      color="error"
      startIcon={<LinkOffIcon />}
      disabled={disconnect.isPending}
      onClick={() => void run()}
    >
      Disconnect
    </Button>
  );
}

/** /emails (doc3 §2): the connect prompt, or the inbox with search and the open message, and disconnect. */
export function EmailsPage() {
  useDocumentTitle('Emails \u2014 Jarvis');
  useMailReturnNotice();
  const status = useEmailStatus();
  const expired = useMailConnectionExpired();
  const connected = Boolean(status.data?.connected);

  let content;
  // Whichever mail call found the grant expired (status, list, a message, an action), the page asks to reconnect.
  if (expired) content = <MailExpiredNotice />;
  else if (status.isPending) content = <LoadingState label="Loading your mail" />;
  else if (status.isError)
    content = <LoadFailed what="mail settings" onRetry={() => void status.refetch()} />;
  else if (status.data === null) content = <SignInToSeeEmails />;
  else if (!connected) content = <ConnectMailPrompt />;
  else content = <EmailInbox />;

  return (
    <PublicPageLayout maxWidth="lg">
      <SectionHeader
        title="Emails"
        subtitle="Your inbox, inside Jarvis"
        actions={
          connected && (
            <Stack direction="row" spacing={1.5} alignItems="center" flexWrap="wrap" useFlexGap>
              {status.data?.email && (
                <Chip
                  color="success"
                  variant="outlined"
                  label={status.data.email}
                  data-testid="mail-account"
                />
              )}
              <DisconnectMailButton />
            </Stack>
          )
        }
      />
      {content}
    </PublicPageLayout>
  );
}
