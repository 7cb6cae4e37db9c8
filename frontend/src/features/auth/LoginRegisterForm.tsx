import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { registerRequest } from '@jarvis/contracts';
import { serverMessageOr, statusOf } from '../../api/client';
import { browser } from '../../components/browser';
import { useToast } from '../../components/toast/toast-context';
import { useLogin, useRegister } from './use-auth-mutations';

type Mode = 'login' | 'register';
type Field = 'username' | 'password' | 'email';

/** The Login/Register tab: password sign-in, or creating an account (username ≥ 3, password ≥ 6, e-mail optional). */
export function LoginRegisterForm() {
  const { toast } = useToast();
  const [mode, setMode] = useState<Mode>('login');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const login = useLogin();
  const register = useRegister();
  // Still busy after a success: the page is reloading.
  const busy = [login, register].some((m) => m.isPending || m.isSuccess);

  const submitLogin = async () => {
    if (!username.trim() || !password) {
      toast({
        title: 'Missing Fields',
        description: 'Please enter both username and password',
        variant: 'destructive',
      });
      return;
    }
    try {
      await login.mutateAsync({ username: username.trim(), password });
      browser.assign('/');
    } catch (error) {
      const status = statusOf(error);
      const description =
        status === 429 || status === 503
          ? serverMessageOr(error, 'Too many attempts. Please wait and try again.')
          : 'Invalid username or password';
      toast({ title: 'Login Failed', description, variant: 'destructive' });
    }
  };

  const submitRegister = async () => {
    const parsed = registerRequest.safeParse({ username, password, email });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      return;
    }
    try {
      await register.mutateAsync({
        username: parsed.data.username,
        password: parsed.data.password,
        email: parsed.data.email ?? undefined,
      });
      browser.assign('/');
    } catch (error) {
      toast({
        title: 'Registration Failed',
        description: serverMessageOr(error, 'Please try a different username'),
        variant: 'destructive',
      });
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    void (mode === 'login' ? submitLogin() : submitRegister());
  };

  const switchMode = () => {
    setMode((m) => (m === 'login' ? 'register' : 'login'));
    setErrors({});
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={onSubmit}
      spacing={2}
      aria-label={mode === 'login' ? 'Login form' : 'Register form'}
    >
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={Boolean(errors.username)}
        helperText={errors.username ?? (mode === 'register' ? 'At least 3 characters' : undefined)}
        fullWidth
        autoFocus
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={Boolean(errors.password)}
        helperText={errors.password ?? (mode === 'register' ? 'At least 6 characters' : undefined)}
        fullWidth
      />
      {mode === 'register' && (
        <TextField
          label="Email (optional)"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={Boolean(errors.email)}
          helperText={errors.email}
          fullWidth
        />
      )}
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {mode === 'login'
          ? busy
            ? 'Signing in...'
            : 'Sign In'
          : busy
            ? 'Creating account...'
            : 'Create Account'}
      </Button>
      <Typography variant="body2" color="text.secondary" align="center">
        {mode === 'login' ? "Don't have an account? " : 'Already have an account? '}
        <Link
          component="button"
          type="button"
          onClick={switchMode}
          sx={{ fontWeight: 600, verticalAlign: 'baseline' }}
        >
          {mode === 'login' ? 'Register' : 'Sign in'}
        </Link>
      </Typography>
    </Stack>
  );
}
