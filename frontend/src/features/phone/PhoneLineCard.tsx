import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcCallOutlinedIcon from '@mui/icons-material/AddIcCallOutlined';
import PhoneInTalkOutlinedIcon from '@mui/icons-material/PhoneInTalkOutlined';
import { useToast } from '../../components/toast/toast-context';
import { CallerSharingSettings } from './CallerSharingSettings';
import { formatPhoneNumber } from './phone-format';
import { claimNumberError, cleanPhoneNumber, phoneLineFailure, type PhoneLineFailure } from './phone-line';
import { useClaimPhoneLine, usePhoneLine, useReleasePhoneLine } from './use-phone-line';

const E164_HINT = 'E.164 format: a plus, the country code and the number, e.g. +15551234567';

function ReleaseDialog({
  phoneNumber,
  releasing,
  onConfirm,
  onClose,
}: {
  phoneNumber: string;
  releasing: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      onClose={() => !releasing && onClose()}
      maxWidth="xs"
      fullWidth
      aria-labelledby="release-line-title"
      aria-describedby="release-line-description"
    >
      <DialogTitle id="release-line-title">Release phone line?</DialogTitle>
      <DialogContent>
        <DialogContentText id="release-line-description">
          Calls and texts to {formatPhoneNumber(phoneNumber)} will no longer reach Jarvis. A number bought
          here is returned to Twilio and may not be available again.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={releasing}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm} disabled={releasing}>
          {releasing ? 'Releasing...' : 'Release Number'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function FailureAlert({ failure, onClose }: { failure: PhoneLineFailure; onClose: () => void }) {
  return (
    <Alert
      severity={failure.needsUpgrade ? 'info' : 'error'}
      onClose={onClose}
      data-testid="phone-line-error"
      action={
        failure.needsUpgrade ? (
          <Button color="inherit" size="small" component={RouterLink} to="/account">
            See plans
          </Button>
        ) : undefined
      }
      sx={{ overflowWrap: 'anywhere', '& .MuiAlert-action': { alignItems: 'center', pt: 0 } }}
    >
      {failure.message}
    </Alert>
  );
}

/** The user's line when there is one: the number and a release that asks first. */
function CurrentLine({ phoneNumber }: { phoneNumber: string }) {
  const { toast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<PhoneLineFailure | null>(null);
  const release = useReleasePhoneLine({
    onSuccess: () => {
      setConfirming(false);
      toast({
        title: 'Phone line released',
        description: `${formatPhoneNumber(phoneNumber)} no longer reaches Jarvis.`,
        variant: 'success',
      });
    },
    onError: (error) => {
      setConfirming(false);
      setFailure(phoneLineFailure(error, 'Could not release the phone line. Please try again.'));
    },
  });
  const formatted = formatPhoneNumber(phoneNumber);

  return (
    <Stack spacing={2}>
      {failure && <FailureAlert failure={failure} onClose={() => setFailure(null)} />}
      <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }} data-testid="phone-line-number">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          alignItems={{ xs: 'stretch', sm: 'center' }}
          justifyContent="space-between"
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="caption" color="text.secondary">
              Your Jarvis number
            </Typography>
            <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {formatted}
            </Typography>
            {formatted !== phoneNumber && (
              <Typography variant="body2" color="text.secondary">
                {phoneNumber}
              </Typography>
            )}
          </Box>
          <Button
            variant="outlined"
            color="error"
            onClick={() => {
              setFailure(null);
              setConfirming(true);
            }}
          >
            Release Number
          </Button>
        </Stack>
      </Paper>
      {confirming && (
        <ReleaseDialog
          phoneNumber={phoneNumber}
          releasing={release.isPending}
          onConfirm={() => release.mutate()}
          onClose={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}

/** No line yet: claim one of the numbers the operator offers, or buy a new one (premium and enterprise). */
function ClaimLine({ offeredNumbers }: { offeredNumbers: string[] }) {
  const { toast } = useToast();
  const [number, setNumber] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<PhoneLineFailure | null>(null);
  const claim = useClaimPhoneLine({
    onSuccess: (claimed) =>
      toast({
        title: 'Phone line ready',
        description: `Calls and texts to ${formatPhoneNumber(claimed)} now reach Jarvis.`,
        variant: 'success',
      }),
    onError: (error) => {
      const found = phoneLineFailure(error, 'Could not set up the phone line. Please try again.');
      if (found.fieldError) setFieldError(found.fieldError);
      setFailure(found);
    },
  });
  const claimingNumber = claim.isPending && claim.variables !== undefined;
  const buying = claim.isPending && claim.variables === undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = claimNumberError(number);
    setFieldError(problem);
    if (problem || claim.isPending) return;
    setFailure(null);
    claim.mutate(cleanPhoneNumber(number));
  };

  return (
    <Stack spacing={2.5}>
      <Typography color="text.secondary" data-testid="phone-line-none">
        You have no phone line yet, so calls cannot reach Jarvis.
      </Typography>
      {failure && <FailureAlert failure={failure} onClose={() => setFailure(null)} />}
      <Box component="form" noValidate onSubmit={submit}>
        <Typography variant="subtitle2" component="h3">
          Claim a number
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {offeredNumbers.length > 0
            ? 'Choose one of the numbers this Jarvis offers, or type it.'
            : 'This Jarvis offers no numbers to claim right now.'}
        </Typography>
        {offeredNumbers.length > 0 && (
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            flexWrap="wrap"
            sx={{ mb: 2 }}
            role="group"
            aria-label="Numbers on offer"
            data-testid="offered-numbers"
          >
            {offeredNumbers.map((offered) => (
              <Chip
                key={offered}
                label={formatPhoneNumber(offered)}
                variant={cleanPhoneNumber(number) === offered ? 'filled' : 'outlined'}
                color={cleanPhoneNumber(number) === offered ? 'primary' : 'default'}
                onClick={() => {
                  setNumber(offered);
                  setFieldError(null);
                }}
              />
            ))}
          </Stack>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'flex-start' }}>
          <TextField
            label="Phone number"
            type="tel"
            placeholder="+15551234567"
            autoComplete="off"
            value={number}
            onChange={(e) => {
              setNumber(e.target.value);
              setFieldError(null);
            }}
            error={Boolean(fieldError)}
            helperText={fieldError ?? E164_HINT}
            sx={{ flexGrow: 1 }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={claim.isPending}
            sx={{ flexShrink: 0, height: { sm: 56 } }}
          >
            {claimingNumber ? 'Claiming...' : 'Claim Number'}
          </Button>
        </Stack>
      </Box>
      <Divider>
        <Typography variant="caption" color="text.secondary">
          or
        </Typography>
      </Divider>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        alignItems={{ xs: 'stretch', sm: 'center' }}
        justifyContent="space-between"
      >
        <Box>
          <Typography variant="subtitle2" component="h3">
            Get a new number
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Jarvis buys a local US number for you. Premium and Enterprise plans.
          </Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={<AddIcCallOutlinedIcon />}
          disabled={claim.isPending}
          onClick={() => {
            setFailure(null);
            claim.mutate(undefined);
          }}
          sx={{ flexShrink: 0 }}
        >
          {buying ? 'Getting number...' : 'Get New Number'}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * Settings → Profile: the phone line that callers reach Jarvis on (issue 9): the number, claim and release, and what
 * callers may hear about the user (issue 17).
 */
export function PhoneLineCard() {
  const query = usePhoneLine();
  const phoneNumber = query.data?.phoneNumber ?? null;

  return (
    <Card data-testid="phone-line-card">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 2.5 }}>
          <Avatar aria-hidden sx={{ bgcolor: 'primary.main', width: 40, height: 40 }}>
            <PhoneInTalkOutlinedIcon fontSize="small" />
          </Avatar>
          <Box>
            <Typography variant="h6" component="h2">
              Phone line
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Calls and texts to this number reach Jarvis, who answers and takes messages.
            </Typography>
          </Box>
        </Stack>
        {query.isLoading ? (
          <Skeleton variant="rounded" height={72} />
        ) : query.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                Try again
              </Button>
            }
          >
            Your phone line could not be loaded.
          </Alert>
        ) : (
          <Stack spacing={3}>
            {phoneNumber ? (
              <CurrentLine phoneNumber={phoneNumber} />
            ) : (
              <ClaimLine offeredNumbers={query.data?.offeredNumbers ?? []} />
            )}
            {query.data?.sharing && (
              <>
                <Divider />
                <CallerSharingSettings sharing={query.data.sharing} />
              </>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
