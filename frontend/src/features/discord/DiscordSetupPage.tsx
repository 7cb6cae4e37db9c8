import { type ReactNode, useEffect, useRef } from 'react';
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
import { INVALID_RESPONSE_FORMAT, type NamedItem } from '../../api/discord';
import { isApiError } from '../../api/client';
import { api } from '../../api/routes';
import { PublicPageLayout } from '../../components/PublicPageLayout';
import { SectionHeader } from '../../components/SectionHeader';
import { useDocumentTitle } from '../../components/use-document-title';
import {
  type DiscordInstallError,
  type DiscordInstallResult,
  useDiscordInstallResult,
} from './discord-install-result';
import { useDiscordConnectionTest, useDiscordInvite } from './use-discord-setup';

const DEVELOPER_PORTAL = 'https://discord.com/developers/applications';
const CALLBACK_PATH = api.chat.discordCallback.path;
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
        The invite link is not available yet: the administrator must set <code>DISCORD_CLIENT_ID</code> and{' '}
        <code>DISCORD_CLIENT_SECRET</code> (the bot&apos;s application id and OAuth2 secret) on the server.
      </Alert>
    );
  } else {
    body = (
      <Box>
        <Button
          variant="contained"
          href={invite.data.inviteUrl}
          startIcon={<ForumOutlinedIcon />}
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
        Discord opens: choose a server you manage and authorise the bot. It asks for {PERMISSIONS}. Discord
        then brings you back here, and Jarvis uses the bot only in the servers you added it to.
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
        The bot is online but not in any of your servers yet. Add it with the button above, then test again.
      </Alert>
    );
  return (
    <Alert severity="success">
      <AlertTitle>Connected</AlertTitle>
      The bot is in {servers.length} {servers.length === 1 ? 'server' : 'servers'} you added it to:
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

/** Runs the connection test once when the page opens back from a successful install, to show the new server. */
function ConnectionTestStep({ runAtOnce }: { runAtOnce: boolean }) {
  const test = useDiscordConnectionTest();
  const failure = test.isError ? failureText(test.error) : null;
  const ran = useRef(false);
  const { mutate } = test;
  useEffect(() => {
    if (!runAtOnce || ran.current) return;
    ran.current = true;
    mutate();
  }, [runAtOnce, mutate]);
  return (
    <Step n={3} title="Test the connection">
      <Typography color="text.secondary">
        Check that Jarvis can reach Discord with its bot and see which of your servers the bot is in.
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

const INSTALL_ERRORS: Record<DiscordInstallError, string> = {
  state: 'The link to add the bot had expired or was already used. Please try again.',
  denied: 'Adding the bot was cancelled on Discord.',
  failed: 'Discord did not confirm the server the bot was added to. Please try again.',
  unavailable:
    'Discord could not be reached, or the bot is not fully configured yet. Please try again later.',
};

/** What the install callback said, on the way back from Discord. */
function InstallNotice({ result }: { result: DiscordInstallResult }) {
  if (result.ok)
    return (
      <Alert severity="success" data-testid="discord-install-result" data-result="connected">
        <AlertTitle>Jarvis was added to your server</AlertTitle>
        Jarvis can now read and post in that server&apos;s channels when you ask it to.
      </Alert>
    );
  return (
    <Alert severity="error" data-testid="discord-install-result" data-result={result.reason}>
      <AlertTitle>The bot was not added</AlertTitle>
      {INSTALL_ERRORS[result.reason]}
    </Alert>
  );
}

/** /discord-setup (doc3): a guide to adding the Jarvis bot to a Discord server, with a connection test. */
export function DiscordSetupPage() {
  useDocumentTitle('Discord setup \u2014 Jarvis');
  const installed = useDiscordInstallResult();
  return (
    <PublicPageLayout>
      <Box data-testid="discord-setup-page">
        <SectionHeader title={'Discord Setup'} subtitle={'Add the Jarvis bot to your Discord server'} />
        <Stack spacing={2}>
          {installed && <InstallNotice result={installed} />}
          <Step n={1} title="Create or choose the bot">
            <Typography color="text.secondary">
              Jarvis talks to Discord through a bot. If your administrator has not set one up yet, create an
              application with a bot in the{' '}
              <Link href={DEVELOPER_PORTAL} target="_blank" rel="noopener noreferrer">
                Discord Developer Portal
              </Link>
              ; its bot token is <code>DISCORD_BOT_TOKEN</code>, its application id and OAuth2 secret are{' '}
              <code>DISCORD_CLIENT_ID</code> and <code>DISCORD_CLIENT_SECRET</code> in Jarvis&apos;s
              configuration, and <code>{CALLBACK_PATH}</code> on Jarvis&apos;s address is one of its OAuth2
              redirects.
            </Typography>
          </Step>
          <InviteStep />
          <ConnectionTestStep runAtOnce={installed?.ok === true} />
        </Stack>
      </Box>
    </PublicPageLayout>
  );
}
