import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import type { AccountExportState, User } from '@jarvis/contracts';
import { ApiError } from '../../api/client';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { archiveProblemsOf, useImportArchive, useLatestExport, useStartExport } from './use-account-data';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/New_York' });

function ExportStatus({ state }: { state: AccountExportState }) {
  if (state.status === 'queued' || state.status === 'running') {
    return (
      <Stack spacing={1} data-testid="export-progress">
        <Typography variant="body2">Preparing your archive… {state.progress}%</Typography>
        <LinearProgress variant="determinate" value={state.progress} aria-label="Export progress" />
      </Stack>
    );
  }
  if (state.status === 'completed' && state.downloadUrl) {
    return (
      <Stack spacing={1} alignItems="flex-start" data-testid="export-ready">
        <Button variant="contained" startIcon={<DownloadOutlinedIcon />} href={state.downloadUrl}>
          Download archive
        </Button>
        <Typography variant="body2" color="text.secondary">
          The link works once; a new one appears here after each download. The archive is deleted on {when(state.expiresAt!)} (New York time).
        </Typography>
      </Stack>
    );
  }
  if (state.status === 'failed') {
    return (
      <Alert severity="error" data-testid="export-failed">
        The export could not be completed{state.error ? `: ${state.error}` : '.'} Please try again.
      </Alert>
    );
  }
  return (
    <Typography variant="body2" color="text.secondary" data-testid="export-expired">
      Your last archive has expired and was deleted. Start a new export to download your data again.
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
        <Stack direction="row" spacing={1.5} alignItems="flex-start" sx={{ mb: 2 }}>
          <DownloadOutlinedIcon color="primary" sx={{ mt: 0.5 }} />
          <Box>
            <Typography variant="h6" component="h2">
              Export your data
            </Typography>
            <Typography variant="body2" color="text.secondary">
              One ZIP archive with everything Jarvis holds for you: profile and settings, conversations, reminders,
              memories, contacts, phone messages with their recordings, calendar, voice and notifications. No password
              or connection secret is ever included.
            </Typography>
          </Box>
        </Stack>
        <Stack spacing={2} alignItems="flex-start">
          {latest.isError && <Alert severity="error">Your exports could not be loaded.</Alert>}
          {latest.data && <ExportStatus state={latest.data} />}
          {start.isError && (
            <Alert severity={conflict ? 'info' : 'error'}>{start.error instanceof ApiError ? start.error.body?.error ?? start.error.message : 'The export could not be started.'}</Alert>
          )}
          {!running && (
            <Button variant="outlined" disabled={start.isPending || latest.isLoading} onClick={() => start.mutate()}>
              {start.isPending ? 'Starting…' : latest.data ? 'Start a new export' : 'Export my data'}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function ImportDataCard() {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const importArchive = useImportArchive();
  const problems = archiveProblemsOf(importArchive.error);
  const result = importArchive.data;
  return (
    <Card data-testid="account-import">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack direction="row" spacing={1.5} alignItems="flex-start" sx={{ mb: 2 }}>
          <UploadFileOutlinedIcon color="primary" sx={{ mt: 0.5 }} />
          <Box>
            <Typography variant="h6" component="h2">
              Import an archive
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Bring your data from another Jarvis: the archive is checked first and nothing is written if any part of it
              is wrong. Importing the same archive again changes nothing. Connections (Google, phone number, cloned
              voice, plan) stay with the installation they were made on: set them up again here.
            </Typography>
          </Box>
        </Stack>
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
            }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ xs: 'flex-start', sm: 'center' }} sx={{ width: '100%' }}>
            <Button variant="outlined" onClick={() => input.current?.click()}>
              Choose archive
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {file ? file.name : 'No file chosen'}
            </Typography>
          </Stack>
          <Button variant="contained" disabled={!file || importArchive.isPending} onClick={() => file && importArchive.mutate(file)}>
            {importArchive.isPending ? 'Importing…' : 'Import'}
          </Button>
          {importArchive.isPending && <LinearProgress sx={{ width: '100%' }} aria-label="Import progress" />}
          {result && (
            <Alert severity="success" data-testid="import-done">
              {Object.values(result.parts).every((p) => p === 'already imported')
                ? 'This archive was imported before: nothing changed.'
                : 'Your data was imported.'}
            </Alert>
          )}
          {importArchive.isError && (
            <Alert severity="error" data-testid="import-problems" sx={{ width: '100%', boxSizing: 'border-box' }}>
              <AlertTitle>{problems.length ? 'The archive cannot be imported' : 'The import failed'}</AlertTitle>
              {problems.length ? (
                <Box component="ul" sx={{ m: 0, pl: 2.5, wordBreak: 'break-word' }}>
                  {problems.map((problem) => (
                    <li key={problem}>
                      <Typography variant="body2">{problem}</Typography>
                    </li>
                  ))}
                </Box>
              ) : (
                <Typography variant="body2">
                  {importArchive.error instanceof ApiError ? importArchive.error.body?.error ?? importArchive.error.message : 'Please try again.'}
                </Typography>
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
    <Card data-testid="account-delete" sx={{ borderColor: 'error.main' }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ xs: 'flex-start', sm: 'center' }} justifyContent="space-between">
          <Stack direction="row" spacing={1.5} alignItems="flex-start">
            <DeleteForeverOutlinedIcon color="error" sx={{ mt: 0.5 }} />
            <Box>
              <Typography variant="h6" component="h2">
                Delete account
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Removes your account and everything it holds, here and at the services Jarvis used for you. This cannot be undone.
              </Typography>
            </Box>
          </Stack>
          <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
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
