import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { serverMessageOr } from '../../api/client';
import { useToast } from '../../components/toast/toast-context';
import { useConnectMail, useMailReturnNotice } from '../emails/use-connect-mail';
import { useDisconnectEmail, useEmailStatus } from '../emails/use-email-status';

/** The mail connection on the account page: connect (the browser goes to Google and back) or disconnect. */
export function MailConnectionRow() {
  const { data, isLoading, isError } = useEmailStatus();
  const { toast } = useToast();
  const disconnectMutation = useDisconnectEmail();
  const [busy, setBusy] = useState(false);
  const { connect, connecting } = useConnectMail('/account');
  useMailReturnNotice();

  const disconnect = async () => {
    setBusy(true);
    try {
      await disconnectMutation.mutateAsync();
      toast({ title: 'E-mail disconnected' });
    } catch (error) {
      toast({
        title: 'Error',
        description: serverMessageOr(error, 'Failed to disconnect e-mail'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  let status;
  if (isLoading) status = <Skeleton width={160} />;
  else if (isError)
    status = (
      <Typography variant="body2" color="text.secondary">
        Mail status is unavailable right now
      </Typography>
    );
  else if (data?.connected)
    status = <Chip size="small" color="success" label={`Connected${data.email ? `: ${data.email}` : ''}`} />;
  else status = <Chip size="small" variant="outlined" label="Not connected" />;

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      alignItems={{ xs: 'flex-start', sm: 'center' }}
      justifyContent="space-between"
    >
      <Stack spacing={0.5}>
        <Typography variant="body2" color="text.secondary">
          E-mail connection
        </Typography>
        {status}
      </Stack>
      {data?.connected ? (
        <Button variant="outlined" color="error" disabled={busy} onClick={() => void disconnect()}>
          Disconnect
        </Button>
      ) : (
        <Button variant="outlined" disabled={busy || connecting || isLoading} onClick={connect}>
          Connect Gmail
        </Button>
      )}
    </Stack>
  );
}
