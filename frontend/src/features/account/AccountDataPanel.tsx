import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import type { ReactNode } from 'react';
import type { AccountExportState, AccountImportReply, AccountPartName, User } from '@jarvis/contracts';
import { ApiError } from '../../api/client';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import {
  archiveProblemsOf,
  useImportArchive,
  useImportProgress,
  useLatestExport,
  useRefreshAfterDownload,
  useStartExport,
} from './use-account-data';

/**
 * The largest archive an import takes: ACCOUNT_IMPORT_MAX_BYTES of libs/contracts (the server answers 413 above it),
 * copied so this chunk does not load the contracts and zod for one number; a test holds the two equal.
 */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/** The parts of an archive as the user knows them, in the order an export collects them. */
const PART_LABELS: Record<AccountPartName, string> = {
  identity: 'Profile',
  chat: 'Chat',
  calendar: 'Calendar',
  telephony: 'Phone',
  notifications: 'Notifications',
  voice: 'Voice',
  mail: 'Mail',
  billing: 'Plan',
};

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/New_York' });

const serverMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError ? (error.body?.error ?? error.message) : fallback;

/** What an archive's list files hold, one and many; the other files are settings, named once. */
const RECORDS: Record<string, [string, string]> = {
  'messages.json': ['message', 'messages'],
  'conversations.json': ['conversation', 'conversations'],
  'memories.json': ['memory', 'memories'],
  'shortcuts.json': ['shortcut', 'shortcuts'],
  'reminders.json': ['reminder', 'reminders'],
  'booking-links.json': ['booking link', 'booking links'],
  'bookings.json': ['booking', 'bookings'],
  'contacts.json': ['contact', 'contacts'],
  'phone-messages.json': ['phone message', 'phone messages'],
  'call-logs.json': ['call log', 'call logs'],
  'call-scenarios.json': ['call scenario', 'call scenarios'],
  'notifications.json': ['notification', 'notifications'],
  'support-messages.json': ['support message', 'support messages'],
};
/** 'phone-messages.json', 3 → '3 phone messages'; 'calendar-settings.json' → 'calendar settings'. */
function describeCount(file: string, count: number): string {
  const names = RECORDS[file];
  if (!names) return file.replace(/\.json$/, '').replace(/-/g, ' ');
  return `${count.toLocaleString('en-US')} ${count === 1 ? names[0] : names[1]}`;
}

function SectionHeader({ icon, title, children, last = false }: { icon: ReactNode; title: string; children: ReactNode; last?: boolean }) {
  return (
    <Stack direction="row" spacing={1.5} alignItems="flex-start" sx={{ mb: last ? 0 : 2 }}>
      {icon}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {children}
        </Typography>
      </Box>
    </Stack>
  );
}

function PartChips({ parts }: { parts: AccountExportState['parts'] }) {
  return (
    <Stack direction="row" useFlexGap flexWrap="wrap" spacing={0.75} aria-label="Parts of the archive">
      {(Object.keys(PART_LABELS) as AccountPartName[]).map((part) => {
        const state = parts[part] ?? 'pending';
        return (
          <Chip
            key={part}
            size="small"
            label={PART_LABELS[part]}
            variant={state === 'pending' ? 'outlined' : 'filled'}
            color={state === 'done' ? 'success' : state === 'failed' ? 'error' : 'default'}
            icon={state === 'done' ? <CheckIcon /> : state === 'failed' ? <ErrorOutlineIcon /> : undefined}
            aria-label={`${PART_LABELS[part]}: ${state === 'done' ? 'done' : state === 'failed' ? 'failed' : 'waiting'}`}
          />
        );
      })}
    </Stack>
  );
}

function ExportStatus({ state }: { state: AccountExportState }) {
  const refreshAfterDownload = useRefreshAfterDownload();
  if (state.status === 'queued' || state.status === 'running') {
    return (
      <Stack spacing={1.25} sx={{ width: '100%' }} data-testid="export-progress">
        <Typography variant="body2">
          {state.status === 'queued' ? 'Your export is queued…' : 'Preparing your archive…'} {state.progress}%
        </Typography>
        <LinearProgress variant="determinate" value={state.progress} aria-label="Export progress" />
        <PartChips parts={state.parts} />
        <Typography variant="body2" color="text.secondary">
          You can leave this page: the archive keeps being prepared and waits here for you.
        </Typography>
      </Stack>
    );
  }
  if (state.status === 'completed' && state.downloadUrl) {
    return (
      <Stack spacing={1} alignItems="flex-start" data-testid="export-ready">
        <Typography variant="body2">Your archive of {when(state.createdAt)} is ready.</Typography>
        <Button variant="contained" startIcon={<DownloadOutlinedIcon />} href={state.downloadUrl} onClick={refreshAfterDownload}>
          Download archive
        </Button>
        <Typography variant="body2" color="text.secondary">
          The link works once; a new one appears here after each download. The archive is kept 24 hours and deleted on{' '}
          {when(state.expiresAt!)} (New York time).
        </Typography>
      </Stack>
    );
  }
  if (state.status === 'failed') {
    return (
      <Stack spacing={1.25} sx={{ width: '100%' }}>
        <Alert severity="error" data-testid="export-failed">
          The export could not be completed{state.error ? `: ${state.error}.` : '.'} Please try again.
        </Alert>
        <PartChips parts={state.parts} />
      </Stack>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary" data-testid="export-expired">
      Your last archive was kept 24 hours and has been deleted. Start a new export to download your data again.
    </Typography>
  );
}

function ExportDataCard() {
  const latest = useLatestExport();
  const start = useStartExport();
  const running = latest.data?.status === 'queued' || latest.data?.status === 'running';
  const conflict = start.error instanceof ApiError && start.error.status === 409;
  return (
    <Card data-testid="account-export">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <SectionHeader icon={<DownloadOutlinedIcon color="primary" sx={{ mt: 0.5 }} />} title="Export your data">
          One ZIP archive with everything Jarvis holds for you: profile and settings, conversations, reminders, memories,
          contacts, phone messages with their recordings, calendar, voice and notifications. No password or connection
          secret is ever included.
        </SectionHeader>
        <Stack spacing={2} alignItems="flex-start">
          {latest.isPending && (
            <Box sx={{ width: '100%' }} data-testid="export-loading" aria-busy="true">
              <Skeleton variant="text" width="60%" />
              <Skeleton variant="rounded" width={180} height={36} />
            </Box>
          )}
          {latest.isError && (
            <Alert
              severity="error"
              sx={{ width: '100%', boxSizing: 'border-box' }}
              action={
                <Button color="inherit" size="small" onClick={() => void latest.refetch()}>
                  Retry
                </Button>
              }
            >
              Your exports could not be loaded.
            </Alert>
          )}
          {latest.isSuccess && !latest.data && (
            <Typography variant="body2" color="text.secondary" data-testid="export-none">
              No archive is kept for you at the moment. An export takes a moment; the archive is then kept 24 hours.
            </Typography>
          )}
          {latest.data && <ExportStatus state={latest.data} />}
          {start.isError && (
            <Alert severity={conflict ? 'info' : 'error'} sx={{ width: '100%', boxSizing: 'border-box' }}>
              {serverMessage(start.error, 'The export could not be started. Please try again.')}
            </Alert>
          )}
          {!running && latest.isSuccess && (
            <Button variant={latest.data ? 'outlined' : 'contained'} disabled={start.isPending} onClick={() => start.mutate()}>
              {start.isPending ? 'Starting…' : latest.data ? 'Start a new export' : 'Export my data'}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function ImportResult({ result }: { result: AccountImportReply }) {
  const parts = Object.entries(result.parts) as [AccountPartName, AccountImportReply['parts'][AccountPartName]][];
  const before = parts.filter(([, state]) => state === 'already imported').map(([part]) => PART_LABELS[part] ?? part);
  const added = Object.entries(result.counts)
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => Number(b in RECORDS) - Number(a in RECORDS));
  if (before.length === parts.length) {
    return (
      <Alert severity="info" data-testid="import-done" sx={{ width: '100%', boxSizing: 'border-box' }}>
        This archive was imported before: nothing changed.
      </Alert>
    );
  }
  return (
    <Alert severity="success" data-testid="import-done" sx={{ width: '100%', boxSizing: 'border-box' }}>
      <AlertTitle>Your data was imported</AlertTitle>
      {added.length > 0 && (
        <Typography variant="body2" data-testid="import-counts">
          Added: {added.map(([file, count]) => describeCount(file, count)).join(', ')}.
        </Typography>
      )}
      {before.length > 0 && (
        <Typography variant="body2">Imported from this archive before, left as they were: {before.join(', ')}.</Typography>
      )}
    </Alert>
  );
}

function ImportDataCard() {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const importArchive = useImportArchive();
  const progress = useImportProgress(importArchive.isPending);
  const problems = archiveProblemsOf(importArchive.error);
  const tooLarge = file !== null && file.size > IMPORT_MAX_BYTES;
  return (
    <Card data-testid="account-import">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <SectionHeader icon={<UploadFileOutlinedIcon color="primary" sx={{ mt: 0.5 }} />} title="Import an archive">
          Bring your data from another Jarvis: its conversations, reminders, memories, contacts, phone messages and
          settings are added to this account. The archive is checked first and nothing is written if any part of it is
          wrong; importing the same archive again changes nothing. Connections (Google, phone number, cloned voice,
          plan) stay with the installation they were made on: set them up again here.
        </SectionHeader>
        <Stack spacing={2} alignItems="flex-start">
          <input
            ref={input}
            type="file"
            accept=".zip,application/zip"
            hidden
            data-testid="import-file"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              importArchive.reset();
              // The same file chosen again still counts as a choice.
              event.target.value = '';
            }}
          />
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            alignItems={{ xs: 'stretch', sm: 'center' }}
            sx={{ width: '100%' }}
          >
            <Button variant="outlined" disabled={importArchive.isPending} onClick={() => input.current?.click()}>
              Choose archive
            </Button>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
              data-testid="import-file-name"
            >
              {file ? file.name : 'No file chosen'}
            </Typography>
            <Button
              variant="contained"
              disabled={!file || tooLarge || importArchive.isPending}
              onClick={() => file && importArchive.mutate(file)}
            >
              {importArchive.isPending ? 'Importing…' : 'Import'}
            </Button>
          </Stack>
          {tooLarge && (
            <Alert severity="error" sx={{ width: '100%', boxSizing: 'border-box' }}>
              The archive is larger than {IMPORT_MAX_BYTES / 1024 / 1024} MB.
            </Alert>
          )}
          {importArchive.isPending && (
            <Stack spacing={0.75} sx={{ width: '100%' }} data-testid="import-progress">
              <Typography variant="body2">
                Checking and importing your archive…{progress !== null ? ` ${progress}%` : ''}
              </Typography>
              <LinearProgress
                variant={progress !== null ? 'determinate' : 'indeterminate'}
                value={progress ?? undefined}
                aria-label="Import progress"
              />
            </Stack>
          )}
          {importArchive.data && <ImportResult result={importArchive.data} />}
          {importArchive.isError && (
            <Alert severity="error" data-testid="import-problems" sx={{ width: '100%', boxSizing: 'border-box' }}>
              <AlertTitle>{problems.length ? 'The archive cannot be imported' : 'The import failed'}</AlertTitle>
              {problems.length ? (
                <>
                  <Typography variant="body2">Nothing was written. What is wrong with it:</Typography>
                  <Box component="ul" sx={{ m: 0, pl: 2.5, overflowWrap: 'anywhere' }}>
                    {problems.map((problem) => (
                      <li key={problem}>
                        <Typography variant="body2">{problem}</Typography>
                      </li>
                    ))}
                  </Box>
                </>
              ) : (
                <Typography variant="body2">{serverMessage(importArchive.error, 'Please try again.')}</Typography>
              )}
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function DeleteAccountCard({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  return (
    <Card data-testid="account-delete" variant="outlined" sx={{ borderColor: 'error.light' }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          alignItems={{ xs: 'flex-start', sm: 'center' }}
          justifyContent="space-between"
        >
          <SectionHeader icon={<DeleteForeverOutlinedIcon color="error" sx={{ mt: 0.5 }} />} title="Delete account" last>
            Removes your account and everything it holds, here and at the services Jarvis used for you. This cannot be
            undone.
          </SectionHeader>
          <Button variant="outlined" color="error" onClick={() => setOpen(true)} sx={{ flexShrink: 0 }}>
            Delete account
          </Button>
        </Stack>
      </CardContent>
      {open && <DeleteAccountDialog user={user} onClose={() => setOpen(false)} />}
    </Card>
  );
}

/** The Account page's data section (issue 22): export, import, delete. Its own chunk, loaded with the page. */
export function AccountDataPanel({ user }: { user: User }) {
  return (
    <Stack spacing={3} data-testid="account-data">
      <ExportDataCard />
      <ImportDataCard />
      <DeleteAccountCard user={user} />
    </Stack>
  );
}
