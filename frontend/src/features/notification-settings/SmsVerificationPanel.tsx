import { useEffect, useState, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import { isApiError, serverMessageOr } from '../../api/client';
import { useToast } from '../../components/toast/toast-context';
import { useResendSmsCode, useSmsVerification, useVerifySms } from './use-verification';

/** The number as the server keeps it: what was typed without spaces, dashes, dots or brackets. */
const compact = (typed: string) => typed.replace(/[\s().-]/g, '');

/** Seconds left of `seconds` counted from `since` (ms), ticking every second while any are left. */
function useSecondsLeft(seconds: number, since: number) {
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, seconds - Math.floor((now - since) / 1000));
  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);
  return left;
}

/**
 * Under the SMS number: nothing is texted to a number until the 6-digit code sent to it is typed back. Shows the
 * code field while a code is waiting, a way to ask for a new one (with the wait the server asks for), and a
 * Verified mark once done. A number typed but not saved yet gets its code when Save Settings is pressed.
 */
export function SmsVerificationPanel({
  savedNumber,
  typedNumber,
}: {
  savedNumber: string;
  typedNumber: string;
}) {
  const status = useSmsVerification(savedNumber);
  const typed = compact(typedNumber.trim());
  if (typed && typed !== savedNumber) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="sms-verification-unsaved">
        Save Settings to get a verification code for this number.
      </Typography>
    );
  }
  if (!savedNumber) return null;
  if (status.isPending) {
    return (
      <Typography variant="body2" color="text.secondary">
        Checking the number...
      </Typography>
    );
  }
  if (status.isError) {
    return (
      <Stack direction="row" spacing={1} alignItems="center">
        <Typography variant="body2" color="error">
          Could not check whether this number is verified.
        </Typography>
        <Button size="small" onClick={() => void status.refetch()}>
          Retry
        </Button>
      </Stack>
    );
  }
  const state = status.data;
  if (state.verified) {
    return (
      <Stack direction="row" spacing={1} alignItems="center" data-testid="sms-verified">
        <Chip
          icon={<VerifiedOutlinedIcon />}
          label="Verified"
          color="success"
          size="small"
          variant="outlined"
        />
        <Typography variant="body2" color="text.secondary">
          Text messages go to this number.
        </Typography>
      </Stack>
    );
  }
  return (
    <CodeEntry
      phoneNumber={state.phoneNumber ?? savedNumber}
      codePending={state.codePending}
      remainingTries={state.remainingTries}
      resendAfterSeconds={state.resendAfterSeconds}
      checkedAt={status.dataUpdatedAt}
    />
  );
}

function CodeEntry({
  phoneNumber,
  codePending,
  remainingTries,
  resendAfterSeconds,
  checkedAt,
}: {
  phoneNumber: string;
  codePending: boolean;
  remainingTries: number;
  resendAfterSeconds: number;
  checkedAt: number;
}) {
  const { toast } = useToast();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifySms();
  const resend = useResendSmsCode();
  const wait = useSecondsLeft(resendAfterSeconds, checkedAt);

  const submitCode = () => {
    if (verify.isPending) return;
    if (!/^\d{6}$/.test(code.trim())) {
      setError('Enter the 6-digit code');
      return;
    }
    verify.mutate(code.trim(), {
      onSuccess: () => {
        setCode('');
        setError(null);
        toast({
          title: 'Phone number verified',
          description: `Text messages will go to ${phoneNumber}.`,
          variant: 'success',
        });
      },
      onError: (failure) => {
        setError(
          isApiError(failure) && failure.status === 400
            ? serverMessageOr(failure, 'That code is not right.')
            : 'Could not check the code. Please try again.',
        );
      },
    });
  };
  const sendCode = () =>
    resend.mutate(undefined, {
      onSuccess: () => {
        setCode('');
        setError(null);
        toast({
          title: 'Code sent',
          description: `We texted a new code to ${phoneNumber}.`,
          variant: 'success',
        });
      },
      onError: (failure) =>
        toast({
          title: 'Code not sent',
          description: serverMessageOr(failure, 'Could not send a code. Please try again.'),
          variant: 'destructive',
        }),
    });
  const onKeyDown = (event: KeyboardEvent) => {
    // The field sits inside the settings form: Enter verifies the code instead of saving the settings.
    if (event.key === 'Enter') {
      event.preventDefault();
      submitCode();
    }
  };

  return (
    <Alert
      severity="warning"
      data-testid="sms-verification"
      sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}
    >
      <AlertTitle>Verify your phone number</AlertTitle>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {codePending
          ? `Enter the 6-digit code we texted to ${phoneNumber}. Nothing is texted to this number until it is verified.`
          : `Nothing is texted to ${phoneNumber} until it is verified. Send a code to it, then enter the code here.`}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        alignItems={{ xs: 'stretch', sm: 'flex-start' }}
      >
        {codePending && (
          <>
            <TextField
              label="Verification code"
              value={code}
              onChange={(e) => {
                setCode(e.target.value.replace(/\D/g, '').slice(0, 6));
                setError(null);
              }}
              onKeyDown={onKeyDown}
              error={Boolean(error)}
              helperText={error ?? `${remainingTries} ${remainingTries === 1 ? 'try' : 'tries'} left`}
              size="small"
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, pattern: '[0-9]*' } }}
              sx={{ width: { xs: '100%', sm: 200 }, '& .MuiInputBase-root': { bgcolor: 'background.paper' } }}
            />
            <Button type="button" variant="contained" onClick={submitCode} disabled={verify.isPending}>
              {verify.isPending ? 'Verifying...' : 'Verify'}
            </Button>
          </>
        )}
        <Button
          type="button"
          variant={codePending ? 'text' : 'contained'}
          onClick={sendCode}
          disabled={resend.isPending || wait > 0}
        >
          {resend.isPending
            ? 'Sending...'
            : `${codePending ? 'Send a new code' : 'Send code'}${wait > 0 ? ` (${wait} s)` : ''}`}
        </Button>
      </Stack>
      {!codePending && error && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" color="error">
            {error}
          </Typography>
        </Box>
      )}
    </Alert>
  );
}
