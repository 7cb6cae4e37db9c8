import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';
import { JarvisLogo } from '../../components/JarvisLogo';

export const CALLBACK_SUCCESS_DELAY_MS = 500;
export const CALLBACK_ERROR_DELAY_MS = 2_000;

/**
 * /auth/callback: `?error=...` shows the error and goes to / after 2 s; anything else (`?auth=success`, or neither)
 * refreshes the current user and goes to / after 0.5 s.
 */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const error = params.get('error');

  useEffect(() => {
    if (!error) void queryClient.invalidateQueries({ queryKey: queryKeyOf(api.identity.currentUser) });
    const timer = setTimeout(
      () => navigate('/', { replace: true }),
      error ? CALLBACK_ERROR_DELAY_MS : CALLBACK_SUCCESS_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [error, navigate, queryClient]);

  return (
    <Box
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Stack spacing={3} alignItems="center" sx={{ maxWidth: 420, width: '100%' }}>
        <JarvisLogo size={40} />
        {error ? (
          <Alert severity="error" sx={{ width: '100%' }}>
            <AlertTitle>Sign-in failed</AlertTitle>
            {error}
            <Typography variant="body2" sx={{ mt: 1 }}>
              Taking you back...
            </Typography>
          </Alert>
        ) : (
          <Stack spacing={2} alignItems="center">
            <CircularProgress aria-label="Signing you in" />
            <Typography color="text.secondary">Signing you in...</Typography>
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
