import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { User } from '@jarvis/contracts';
import { useToast } from '../../components/toast/toast-context';
import { showServerErrors, textFieldOf, useContractForm } from '../../forms/contract-form';
import {
  EMPTY_PASSWORD_FORM,
  passwordFailureMessage,
  passwordForm,
  toPasswordInput,
  type PasswordForm,
} from './password-form';
import { useChangePassword } from './use-change-password';

/**
 * Settings → Profile: a password for the account. A quick-access account opens only in the browser that made it;
 * with a password its owner signs in anywhere with username and password. Changing a password signs out every other
 * session of the account.
 */
export function PasswordSettingsPanel({ user }: { user: User }) {
  const { toast } = useToast();
  const hasPassword = user.hasPassword;
  const rules = useMemo(() => passwordForm({ hasPassword }), [hasPassword]);
  const form = useContractForm<PasswordForm>(rules, EMPTY_PASSWORD_FORM);

  const save = useChangePassword({
    onSuccess: () => {
      form.reset(EMPTY_PASSWORD_FORM);
      toast({
        title: hasPassword ? 'Password changed' : 'Password set',
        description: hasPassword
          ? 'Your other devices have been signed out.'
          : 'You can now sign in anywhere with your username and password.',
        variant: 'success',
      });
    },
    onError: (error) => {
      showServerErrors(form, rules, error, ['currentPassword', 'newPassword']);
      toast({
        title: 'Failed to update password',
        description: passwordFailureMessage(error),
        variant: 'destructive',
      });
    },
  });

  const submit = form.handleSubmit((values) => {
    if (save.isPending) return;
    save.mutate(toPasswordInput(values, { hasPassword }));
  });

  // The repeat is checked again as the new password changes.
  const newPassword = textFieldOf(form, 'newPassword', { deps: ['confirmPassword'] });
  const noUsername = !user.username;

  return (
    <Card data-testid="password-settings">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Box component="form" noValidate onSubmit={submit} aria-label="Password">
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            Password
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
            {hasPassword
              ? 'Change the password you sign in with. Your other devices will be signed out.'
              : 'Set a password to sign in from any device with your username and password.'}
          </Typography>
          {!hasPassword && !noUsername && (
            <Alert severity="info" sx={{ mb: 2.5 }}>
              Without a password, quick access opens your account only in this browser.
            </Alert>
          )}
          {noUsername && (
            <Alert severity="info" sx={{ mb: 2.5 }}>
              Choose a username under Personal details first: you sign in with it and your password.
            </Alert>
          )}
          {/* Lets password managers file the password under the right account. */}
          <input
            type="text"
            name="username"
            autoComplete="username"
            value={user.username ?? ''}
            readOnly
            hidden
          />
          <Stack spacing={2.5}>
            {hasPassword && (
              <TextField
                label="Current password"
                type="password"
                autoComplete="current-password"
                {...textFieldOf(form, 'currentPassword')}
                disabled={noUsername}
                fullWidth
              />
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
              <TextField
                label="New password"
                type="password"
                autoComplete="new-password"
                {...newPassword}
                helperText={newPassword.helperText ?? 'At least 6 characters'}
                slotProps={{ htmlInput: { maxLength: 256 } }}
                disabled={noUsername}
                fullWidth
              />
              <TextField
                label="Confirm new password"
                type="password"
                autoComplete="new-password"
                {...textFieldOf(form, 'confirmPassword')}
                slotProps={{ htmlInput: { maxLength: 256 } }}
                disabled={noUsername}
                fullWidth
              />
            </Stack>
            <Stack direction="row" justifyContent="flex-end">
              <Button type="submit" variant="contained" disabled={save.isPending || noUsername}>
                {save.isPending ? 'Saving...' : hasPassword ? 'Change Password' : 'Set Password'}
              </Button>
            </Stack>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
