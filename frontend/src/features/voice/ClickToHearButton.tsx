import Button from '@mui/material/Button';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { useVoiceState } from './voice-store';

/** Shown when the browser blocked a spoken reply from playing by itself: one click plays it (doc1 §2, §4). */
export function ClickToHearButton() {
  const { blockedPlayback } = useVoiceState();
  if (!blockedPlayback) return null;
  return (
    <Button
      variant="contained"
      size="large"
      startIcon={<VolumeUpIcon />}
      onClick={blockedPlayback.play}
      data-testid="click-to-hear"
      sx={{
        position: 'fixed',
        bottom: { xs: 96, sm: 112 },
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 1300,
        borderRadius: 6,
        boxShadow: 6,
      }}
    >
      Click to hear
    </Button>
  );
}
