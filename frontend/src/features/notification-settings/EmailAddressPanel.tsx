import { useState, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import { isApiError, serverMessageOr } from '../../api/client';
import { useToast } from '../../components/toast/toast-context';
import { useCurrentUser } from '../../state/use-current-user';
import { useChangeEmail, useResendVerificationEmail } from './use-verification';

/** The zod check of the contracts, in short: something@something.tld without spaces. */
const LOOKS_LIKE_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The e-mail card's address: Jarvis e-mails only a verified address, so until the link sent to it is opened the
 * card says 'Verify your e-mail address' with Resend. The address can be added or changed here (a new one is sent
 * its own link).
 */
export function EmailAddressPanel() {
  const { user } = useCurrentUser();
  const [editing, setEditing] = useState(false);
  if (!user) return null;
  if (editing || !user.email) {
    return (
      <AddressForm current={user.email} onDone={() => setEditing(false)} canCancel={Boolean(user.email)} />
    );
  }
  if (user.emailVerified) {
    return (
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        alignItems={{ xs: 'flex-start', sm: 'center' }}
        data-testid="email-verified"
      >
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Typography>
        <Chip
          icon={<VerifiedOutlinedIcon />}
          label="Verified"
          color="success"
          size="small"
          variant="outlined"
        />
        <Button size="small" onClick={() => setEditing(true)}>
          Change address
        </Button>
      </Stack>
    );
  }
  return <VerifyNotice email={user.email} onChange={() => setEditing(true)} />;
}

function VerifyNotice({ email, onChange }: { email: string; onChange: () => void }) {
  const { toast } = useToast();
  const resend = useResendVerificationEmail();
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: 'Verification e-mail sent',
          description: `We sent a new link to ${email}.`,
          variant: 'success',
        }),
      onError: (failure) =>
        toast({
          title: 'E-mail not sent',
          description: serverMessageOr(failure, 'Could not send the verification e-mail. Please try again.'),
          variant: 'destructive',
        }),
    });
  return (
    <Alert
      severity="warning"
      data-testid="email-verification"
      sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}
    >
      <AlertTitle>Verify your e-mail address</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
        {`Open the link we sent to ${email}. Nothing is e-mailed to this address until it is verified.`}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button type="button" variant="contained" size="small" onClick={send} disabled={resend.isPending}>
          {resend.isPending ? 'Sending...' : 'Resend'}
        </Button>
        <Button type="button" size="small" onClick={onChange}>
          Change address
        </Button>
      </Stack>
    </Alert>
  );
}

function AddressForm({
  current,
  canCancel,
  onDone,
}: {
  current: string | null;
  canCancel: boolean;
  onDone: () => void;
}) {
  const { toast } = useToast();
  const [value, setValue] = useState(current ?? '');
  const [error, setError] = useState<string | null>(null);
  const change = useChangeEmail();

  const save = () => {
    if (change.isPending) return;
    const email = value.trim();
    if (!LOOKS_LIKE_ADDRESS.test(email)) {
      setError('Enter a valid e-mail address');
      return;
    }
    change.mutate(email, {
      onSuccess: (user) => {
        setError(null);
        onDone();
        if (user && !user.emailVerified) {
          toast({
            title: 'Address saved',
            description: `We sent a verification link to ${email}.`,
            variant: 'success',
          });
        }
      },
      onError: (failure) => {
        const message = serverMessageOr(failure, 'Could not save the address. Please try again.');
        if (isApiError(failure) && failure.status === 400) setError(message);
        else toast({ title: 'Address not saved', description: message, variant: 'destructive' });
      },
    });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Inside the settings form: Enter saves the address, not the settings.
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    }
  };

  return (
    <Stack spacing={1} data-testid="email-address-form">
      {!current && (
        <Typography variant="body2" color="text.secondary">
          Add the address e-mail notifications should go to. We will send it a link to verify it.
        </Typography>
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        alignItems={{ xs: 'stretch', sm: 'flex-start' }}
      >
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          error={Boolean(error)}
          helperText={error ?? ' '}
          size="small"
          slotProps={{ htmlInput: { maxLength: 254 } }}
          sx={{ width: { xs: '100%', sm: 320 } }}
        />
        <Button type="button" variant="contained" onClick={save} disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Save address'}
        </Button>
        {canCancel && (
          <Button type="button" onClick={onDone} disabled={change.isPending}>
            Cancel
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
