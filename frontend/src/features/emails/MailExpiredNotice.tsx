import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useConnectMail } from './use-connect-mail';

/** doc3 §4: a list that fails because Google no longer accepts the grant asks the user to connect again. */
export function MailExpiredNotice() {
  const { connect, connecting } = useConnectMail();
  return (
    <Alert severity="warning" variant="outlined" data-testid="mail-expired" sx={{ borderRadius: 3 }}>
      <AlertTitle>Gmail connection expired</AlertTitle>
      Your Gmail connection has expired or was revoked. Reconnect your account to see your inbox again.
      <Button
        color="inherit"
        variant="outlined"
        disabled={connecting}
        onClick={connect}
        sx={{ display: 'flex', mt: 1.5 }}
      >
        Reconnect
      </Button>
    </Alert>
  );
}
