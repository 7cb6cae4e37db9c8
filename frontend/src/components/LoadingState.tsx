import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/**
 * What shows while a lazily loaded page or section arrives: a centred spinner, announced as busy.
 * `fullPage` fills the window (routes); otherwise it sits in the content area (sections, panels).
 */
export function LoadingState({
  label = 'Loading',
  fullPage = false,
}: {
  label?: string;
  fullPage?: boolean;
}) {
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-busy
      data-testid="loading-state"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: fullPage ? '100vh' : 240,
        bgcolor: fullPage ? 'background.default' : undefined,
      }}
    >
      <CircularProgress size={32} aria-label={label} />
    </Box>
  );
}
