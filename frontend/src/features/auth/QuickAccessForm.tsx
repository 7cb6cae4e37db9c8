import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { QUICK_ACCESS_FAILED } from '@jarvis/contracts';
import { serverMessageOr, statusOf } from '../../api/client';
import { browser } from '../../components/browser';
import { useToast } from '../../components/toast/toast-context';
import { useQuickAccess } from './use-auth-mutations';

export const QUICK_ACCESS_MIN_LENGTH = 2;

/**
 * Quick Access: sign in by username only (at least 2 characters after trimming). A name opens the account only in
 * the browser that created it (the server's device cookie); anywhere else it needs the account's password.
 */
export function QuickAccessForm() {
  const { toast } = useToast();
  const [username, setUsername] = useState('');
  const quickAccess = useQuickAccess();
  // Still busy after a success: the page is reloading.
  const busy = quickAccess.isPending || quickAccess.isSuccess;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    if (name.length < QUICK_ACCESS_MIN_LENGTH) {
      toast({
        title: 'Invalid Username',
        description: 'Username must be at least 2 characters long',
        variant: 'destructive',
      });
      return;
    }
    try {
      await quickAccess.mutateAsync(name);
      browser.assign('/');
    } catch (error) {
      // A taken name answers 401 with the spec's text whatever the reason; waits (429) and a busy server say so.
      const status = statusOf(error);
      const description =
        status === 429 || status === 503 ? serverMessageOr(error, QUICK_ACCESS_FAILED) : QUICK_ACCESS_FAILED;
      toast({ title: 'Login Failed', description, variant: 'destructive' });
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      spacing={2}
      aria-label="Quick access form"
    >
      <Typography variant="body2" color="text.secondary">
        Jump straight in with just a username. A new name gets a fresh account that opens in this browser; add a
        password in Settings to sign in anywhere.
      </Typography>
      <TextField
        label="Username"
        name="quick-username"
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        fullWidth
        autoFocus
      />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {busy ? 'Signing in...' : 'Continue'}
      </Button>
    </Stack>
  );
}
