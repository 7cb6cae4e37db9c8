import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { User } from '@jarvis/contracts';
import { ApiError } from '../../api/client';
import { MOBILE_MEDIA_QUERY } from '../../theme/theme';
import { useDeleteAccount } from './use-account-data';

const REMOVED = [
  'Your profile, settings and sign-in',
  'Conversations, messages, memories, your twin, personality and shortcuts',
  'Reminders, calendar settings, your booking link and its bookings',
  'Contacts, phone messages, call logs and call scenarios',
  'Notifications, their settings and the browsers subscribed to them',
  'Your cloned voice and recorded samples',
];

const AT_PROVIDERS = [
  'Google: the access you gave to Gmail and Google Calendar is revoked',
  'Twilio: a phone number bought for you is released and your call recordings are deleted',
  'ElevenLabs: your cloned voice is deleted',
  'Stripe: your subscription is cancelled now (past invoices stay with Stripe, as the law requires)',
];

/** Confirms the deletion with the password, or for an account without one by typing the username (or e-mail). */
export function DeleteAccountDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const fullScreen = useMediaQuery(MOBILE_MEDIA_QUERY);
  const [value, setValue] = useState('');
  const remove = useDeleteAccount();
  const name = user.username ?? user.email ?? '';
  const field = user.hasPassword ? 'password' : 'username';
  const error = remove.error instanceof ApiError ? (remove.error.body?.error ?? remove.error.message) : remove.error ? 'The account could not be deleted. Please try again.' : null;
  const confirm = () =>
    remove.mutate(user.hasPassword ? { password: value } : { username: value }, {
      // Every session of the account has ended: the app starts again, signed out.
      onSuccess: () => window.location.assign('/'),
    });
  return (
    <Dialog open onClose={remove.isPending ? undefined : onClose} fullScreen={fullScreen} aria-labelledby="delete-account-title" maxWidth="sm" fullWidth>
      <DialogTitle id="delete-account-title">Delete your account?</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          This removes, for good:
        </Typography>
        <Box component="ul" sx={{ mt: 0, pl: 2.5 }}>
          {REMOVED.map((line) => (
            <li key={line}>
              <Typography variant="body2">{line}</Typography>
            </li>
          ))}
        </Box>
        <Typography variant="body2" sx={{ mb: 1 }}>
          At the services Jarvis used for you:
        </Typography>
        <Box component="ul" sx={{ mt: 0, pl: 2.5 }}>
          {AT_PROVIDERS.map((line) => (
            <li key={line}>
              <Typography variant="body2">{line}</Typography>
            </li>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          You are signed out everywhere at once. Export your data first if you want to keep a copy.
        </Typography>
        <TextField
          autoFocus
          fullWidth
          name={field}
          type={user.hasPassword ? 'password' : 'text'}
          label={user.hasPassword ? 'Your password' : `Type ${name} to confirm`}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => event.key === 'Enter' && value && !remove.isPending && confirm()}
          autoComplete={user.hasPassword ? 'current-password' : 'off'}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button variant="contained" color="error" disabled={!value || remove.isPending} onClick={confirm}>
          {remove.isPending ? 'Deleting…' : 'Delete my account'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
