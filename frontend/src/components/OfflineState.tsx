import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/**
 * What a visit shows when the app started from the service worker's kept shell but cannot reach the server: a clear
 * state instead of the browser's error page. The app carries on by itself once the connection is back.
 */
export function OfflineState({ onRetry }: { onRetry: () => unknown }) {
  useEffect(() => {
    const retry = () => void onRetry();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [onRetry]);
  return (
    <Box
      role="alert"
      data-testid="offline-state"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        px: 3,
        textAlign: 'center',
        bgcolor: 'background.default',
      }}
    >
      <Typography variant="h5" component="h1" fontWeight={600}>
        You are offline
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
        Jarvis needs a connection to reach your assistant. It will carry on as soon as you are back online.
      </Typography>
      <Button variant="contained" onClick={() => void onRetry()}>
        Try again
      </Button>
    </Box>
  );
}
