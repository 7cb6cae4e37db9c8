import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PublicPageLayout } from '../../components/PublicPageLayout';
import { SectionHeader } from '../../components/SectionHeader';
import { useDocumentTitle } from '../../components/use-document-title';
import { useCurrentUser } from '../../state/use-current-user';
import { CheckoutReturnNotice } from '../billing/CheckoutReturnNotice';
import { AccountPanel } from './AccountPanel';

/** /account: the account page as a link target. */
export function AccountPage() {
  useDocumentTitle('Account — Jarvis');
  const { user, isLoading } = useCurrentUser();
  return (
    <PublicPageLayout>
      <SectionHeader title="Account" subtitle="Your account, plan and billing" />
      {isLoading ? (
        <Stack alignItems="center" sx={{ py: 8 }}>
          <CircularProgress aria-label="Loading account" />
        </Stack>
      ) : user ? (
        <>
          <CheckoutReturnNotice user={user} />
          <AccountPanel user={user} />
        </>
      ) : (
        <Stack spacing={2} alignItems="flex-start">
          <Typography color="text.secondary">Sign in to see your account, plan and billing.</Typography>
          <Button variant="contained" component={RouterLink} to="/login">
            Sign In
          </Button>
        </Stack>
      )}
    </PublicPageLayout>
  );
}
