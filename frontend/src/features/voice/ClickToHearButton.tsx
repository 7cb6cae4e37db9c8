import Fab from '@mui/material/Fab';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { useVoiceState } from './voice-store';

/** Shown when the browser blocked a spoken reply from playing by itself: one click plays it (doc1 §2, §4). */
export function ClickToHearButton() {
  const { blockedPlayback } = useVoiceState();
  if (!blockedPlayback) return null;
  return (
    <Fab
      variant="extended"
      color="primary"
      onClick={blockedPlayback.play}
      data-testid="click-to-hear"
      sx={{ position: 'fixed', bottom: { xs: 96, sm: 112 }, left: '50%', transform: 'translateX(-50%)', zIndex: 1300 }}
    >
      <VolumeUpIcon sx={{ mr: 1 }} />
      Click to hear
    </Fab>
  );
}
