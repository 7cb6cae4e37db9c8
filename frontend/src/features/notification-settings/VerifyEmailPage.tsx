import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';
import { PublicPageLayout } from '../../components/PublicPageLayout';
import { useDocumentTitle } from '../../components/use-document-title';

const RESULTS: Record<string, { severity: AlertColor; title: string; text: string }> = {
  verified: {
    severity: 'success',
    title: 'Your e-mail address is verified',
    text: 'Jarvis can now send your notifications to it. Choose which ones in Settings → Notifications.',
  },
  used: {
    severity: 'info',
    title: 'This link was already used',
    text: 'A verification link works once. If your address is not verified yet, press Resend in Settings → Notifications for a new link.',
  },
  expired: {
    severity: 'warning',
    title: 'This link has expired',
    text: 'A verification link works for 24 hours. Press Resend in Settings → Notifications for a new one.',
  },
  invalid: {
    severity: 'error',
    title: 'This link does not work',
    text: 'It may be incomplete, or for an address that is no longer on your account. Press Resend in Settings → Notifications for a new link.',
  },
};

/** /verify-email?result=...: where the link of the verification e-mail lands (GET /api/auth/verify-email). */
export function VerifyEmailPage() {
  useDocumentTitle('Verify your e-mail address');
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const result = RESULTS[params.get('result') ?? ''] ?? RESULTS.invalid;

  // A signed-in user's cached account still says 'not verified'.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeyOf(api.identity.currentUser) });
  }, [queryClient]);

  return (
    <PublicPageLayout maxWidth="sm" backLabel="Go to Jarvis">
      <Stack spacing={3} data-testid="verify-email-result">
        <Alert severity={result.severity}>
          <AlertTitle>{result.title}</AlertTitle>
          {result.text}
        </Alert>
        <Button
          component={RouterLink}
          to="/"
          variant="contained"
          sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
        >
          Continue to Jarvis
        </Button>
      </Stack>
    </PublicPageLayout>
  );
}
