import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/*
 * The parts the call detail dialogs share (phone messages, outbound call logs): a titled section, a labelled fact and
 * the recording player.
 */

export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.75 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box sx={{ typography: 'body2', overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

/** A call's recording streamed from the gateway (same origin, Range works, so the player can seek). */
export function RecordingPlayer({ src, testId }: { src: string; testId: string }) {
  const [failed, setFailed] = useState(false);
  if (failed)
    return <Alert severity="warning">The recording could not be loaded. Please try again later.</Alert>;
  return (
    <Box
      component="audio"
      controls
      preload="metadata"
      src={src}
      data-testid={testId}
      aria-label="Call recording"
      onError={() => setFailed(true)}
      sx={{ width: '100%', display: 'block' }}
    />
  );
}
