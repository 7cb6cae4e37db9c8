import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { INVALID_RESPONSE_FORMAT, type NamedItem } from '../../api/discord';
import { isApiError } from '../../api/client';
import { PublicPageLayout } from '../../components/PublicPageLayout';
import { SectionHeader } from '../../components/SectionHeader';
import { useDocumentTitle } from '../../components/use-document-title';
import { useDiscordConnectionTest, useDiscordInvite } from './use-discord-setup';

const DEVELOPER_PORTAL = 'https://discord.com/developers/applications';
/** What the invite asks for (doc3 §9, permission integer 277025392640). */
const PERMISSIONS = 'Send Messages, Read Message History, Use Slash Commands and Embed Links';

/** One numbered step of the guide. */
function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <Paper
      component="section"
      aria-labelledby={`discord-step-${n}`}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}
    >
      <Stack direction="row" spacing={2} alignItems="flex-start">
        <Box
          aria-hidden
          sx={{
            flexShrink: 0,
            width: 32,
            height: 32,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontWeight: 600,
          }}
        >
          {n}
        </Box>
        <Stack spacing={1.5} sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography id={`discord-step-${n}`} variant="h6" component="h2" sx={{ lineHeight: '32px' }}>
            {title}
          </Typography>
          {children}
        </Stack>
      </Stack>
    </Paper>
  );
}

function SignInPrompt({ what }: { what: string }) {
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        Sign in to {what}.
      </Typography>
      <Button component={RouterLink} to="/login" variant="outlined">
        Sign In
      </Button>
    </Box>
  );
}

function InviteStep() {
  const invite = useDiscordInvite();
  let body: ReactNode;
  if (invite.isPending) {
    body = (
      <Stack direction="row" spacing={1.5} alignItems="center" role="status">
        <CircularProgress size={20} aria-hidden />
        <Typography color="text.secondary">Loading the invite link...</Typography>
      </Stack>
    );
  } else if (invite.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void invite.refetch()}>
            Try again
          </Button>
        }
      >
        The invite link could not be loaded.
      </Alert>
    );
  } else if (invite.data === null) {
    body = <SignInPrompt what="get the invite link" />;
  } else if (invite.data.inviteUrl === null) {
    body = (
      <Alert severity="info">
        The invite link is not available yet: the administrator must set <code>DISCORD_CLIENT_ID</code> (the
        bot&apos;s application id) on the server.
      </Alert>
    );
  } else {
    body = (
      <Box>
        <Button
          variant="contained"
          href={invite.data.inviteUrl}
          target="_blank"
          rel="noopener noreferrer"
          startIcon={<ForumOutlinedIcon />}
          endIcon={<OpenInNewIcon fontSize="small" />}
          sx={{ maxWidth: '100%' }}
        >
          Add Jarvis to your server
        </Button>
      </Box>
    );
  }
  return (
    <Step n={2} title="Invite the bot to your server">
      <Typography color="text.secondary">
        Discord opens in a new tab: choose a server you manage and authorise the bot. It asks for{' '}
        {PERMISSIONS}.
      </Typography>
      {body}
    </Step>
  );
}

/** The failure text: the HTTP status (and the server's message, e.g. which variable to set) or the format error. */
function failureText(error: unknown): { summary: string; detail?: string } {
  if (isApiError(error))
    return { summary: `HTTP error! status: ${error.status}`, detail: error.serverMessage };
  if (error instanceof Error && error.message === INVALID_RESPONSE_FORMAT)
    return { summary: INVALID_RESPONSE_FORMAT };
  return {
    summary: error instanceof Error && error.message ? error.message : 'The server could not be reached',
  };
}

function ConnectedResult({ servers }: { servers: NamedItem[] }) {
  if (servers.length === 0)
    return (
      <Alert severity="warning">
        <AlertTitle>Connected</AlertTitle>
        The bot is online but not in any servers yet. Invite it with the button above, then test again.
      </Alert>
    );
  return (
    <Alert severity="success">
      <AlertTitle>Connected</AlertTitle>
      The bot is in {servers.length} {servers.length === 1 ? 'server' : 'servers'}:
      <List dense disablePadding aria-label="Discord servers" sx={{ mt: 0.5 }}>
        {servers.map((server) => (
          <ListItem key={server.id} disableGutters sx={{ py: 0.25 }}>
            <ListItemIcon sx={{ minWidth: 32, color: 'inherit' }}>
              <ForumOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText
              primary={server.name}
              slotProps={{ primary: { sx: { wordBreak: 'break-word' } } }}
            />
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}

function ConnectionTestStep() {
  const test = useDiscordConnectionTest();
  const failure = test.isError ? failureText(test.error) : null;
  return (
    <Step n={3} title="Test the connection">
      <Typography color="text.secondary">
        Check that Jarvis can reach Discord with its bot and see which servers the bot is in.
      </Typography>
      <Box>
        <Button
          variant="outlined"
          onClick={() => test.mutate()}
          disabled={test.isPending}
          startIcon={test.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {test.isPending ? 'Testing...' : test.isIdle ? 'Test Connection' : 'Test Again'}
        </Button>
      </Box>
      <Box role="status" aria-live="polite" data-testid="discord-connection-state" data-state={stateOf(test)}>
        {test.isIdle && <Typography color="text.secondary">Not tested yet.</Typography>}
        {test.isPending && <Typography color="text.secondary">Testing the connection...</Typography>}
        {test.isSuccess && <ConnectedResult servers={test.data} />}
        {failure && (
          <Alert severity="error">
            <AlertTitle>Connection Failed</AlertTitle>
            {failure.summary}
            {failure.detail && (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {failure.detail}
              </Typography>
            )}
          </Alert>
        )}
      </Box>
    </Step>
  );
}

function stateOf(test: { isIdle: boolean; isPending: boolean; isSuccess: boolean }) {
  if (test.isIdle) return 'untested';
  if (test.isPending) return 'testing';
  return test.isSuccess ? 'connected' : 'failed';
}

/** /discord-setup (doc3): a guide to adding the Jarvis bot to a Discord server, with a connection test. */
export function DiscordSetupPage() {
  useDocumentTitle('Discord setup \u2014 Jarvis');
  return (
    <PublicPageLayout>
      <Box data-testid="discord-setup-page">
        <SectionHeader title={'Discord Setup'} subtitle={'Add the Jarvis bot to your Discord server'} />
        <Stack spacing={2}>
          <Step n={1} title="Create or choose the bot">
            <Typography color="text.secondary">
              Jarvis talks to Discord through a bot. If your administrator has not set one up yet, create an
              application with a bot in the{' '}
              <Link href={DEVELOPER_PORTAL} target="_blank" rel="noopener noreferrer">
                Discord Developer Portal
              </Link>
              ; its bot token is <code>DISCORD_BOT_TOKEN</code> and its application id is{' '}
              <code>DISCORD_CLIENT_ID</code> in Jarvis&apos;s configuration.
            </Typography>
          </Step>
          <InviteStep />
          <ConnectionTestStep />
        </Stack>
      </Box>
    </PublicPageLayout>
  );
}
