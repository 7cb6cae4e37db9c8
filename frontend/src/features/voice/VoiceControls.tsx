import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MicNoneOutlinedIcon from '@mui/icons-material/MicNoneOutlined';
import StopIcon from '@mui/icons-material/Stop';
import { useToast } from '../../components/toast/toast-context';
import { useVoiceState, type VoiceState } from './voice-store';

/** The status line under the input: recording, transcribing or listening, else nothing. */
export function voiceStatusText(s: VoiceState): string | null {
  if (s.recording) return `Recording... ${s.recordingSeconds}s`;
  if (s.transcribing) return 'Transcribing...';
  if (s.heard) return s.heard;
  if (s.wakeMode) return 'Listening for "Hey Jarvis"...';
  if (s.continuousMode) return 'Listening...';
  return null;
}

// The recorder, recognition and transcription code load with the first press.
const loadRecorder = () => import('./manual-recorder');
const loadModes = () => import('./voice-modes');
const loadLive = () => import('./always-live');

/**
 * The manual microphone (doc1 §2): TALK starts recording, STOP (with the seconds so far) ends it; the recording is
 * transcribed and `onText` gets the words. Hidden on small screens, disabled while wake-phrase mode is on.
 */
export function TalkButton({ onText }: { onText: (text: string) => void }) {
  const { toast } = useToast();
  const voice = useVoiceState();
  const busy = voice.transcribing;
  const disabled = voice.wakeMode || busy;
  const onClick = async () => {
    const recorder = await loadRecorder();
    if (voice.recording) await recorder.stopTalking(toast, onText);
    else await recorder.startTalking(toast, onText);
  };
  const tip = voice.wakeMode
    ? 'Turn off Hey Jarvis to use the microphone'
    : voice.recording
      ? 'Stop and send'
      : 'Talk to Jarvis';
  return (
    <Tooltip title={tip}>
      <Box component="span" sx={{ display: { xs: 'none', md: 'inline-flex' } }}>
        <Button
          size="small"
          variant={voice.recording ? 'contained' : 'outlined'}
          color={voice.recording ? 'error' : 'primary'}
          disabled={disabled}
          onClick={() => void onClick()}
          startIcon={
            voice.recording ? <StopIcon fontSize="small" /> : <MicNoneOutlinedIcon fontSize="small" />
          }
          aria-label={voice.recording ? `Stop recording (${voice.recordingSeconds} seconds)` : 'Talk'}
          data-testid="talk-button"
          sx={{ minWidth: 0, px: 1.25, borderRadius: 5, whiteSpace: 'nowrap' }}
        >
          {voice.recording ? `STOP ${voice.recordingSeconds}s` : 'TALK'}
        </Button>
      </Box>
    </Tooltip>
  );
}

/**
 * 'Hey Jarvis ON/OFF' (wake phrase) and 'Always ON/OFF' (continuous): speech recognition in the browser; each heard
 * command goes to `onCommand`, which sends it as a chat message.
 */
export function VoiceModeToggles({ onCommand }: { onCommand: (text: string) => void }) {
  const { toast } = useToast();
  const voice = useVoiceState();
  // The recognition outlives this screen; it always sends through the latest chat.
  const latest = useRef({ onCommand, toast });
  useEffect(() => {
    latest.current = { onCommand, toast };
  }, [onCommand, toast]);
  useEffect(() => {
    if (!voice.wakeMode && !voice.continuousMode) return;
    void loadModes().then((m) =>
      m.setVoiceHandlers({
        onCommand: (text) => latest.current.onCommand(text),
        toast: (t) => latest.current.toast(t),
      }),
    );
  }, [voice.wakeMode, voice.continuousMode]);

  const toggle = async (mode: 'wake' | 'continuous', on: boolean) => {
    const modes = await loadModes();
    const handlers = {
      onCommand: (text: string) => latest.current.onCommand(text),
      toast: (t: Parameters<typeof toast>[0]) => latest.current.toast(t),
    };
    // Always over live voice when the server offers it (issue 20), turn by turn with the recognition otherwise.
    if (mode === 'continuous' && !on) {
      const live = await loadLive();
      if (await live.startAlwaysLive(handlers.toast, () => modes.setVoiceMode('continuous', handlers)))
        return;
    }
    modes.setVoiceMode(on ? null : mode, handlers);
  };
  return (
    <>
      <Tooltip title='Say "Hey Jarvis" followed by your request'>
        <Chip
          size="small"
          clickable
          color={voice.wakeMode ? 'primary' : 'default'}
          variant={voice.wakeMode ? 'filled' : 'outlined'}
          label={voice.wakeMode ? 'Hey Jarvis ON' : 'Hey Jarvis OFF'}
          aria-pressed={voice.wakeMode}
          disabled={voice.recording}
          onClick={() => void toggle('wake', voice.wakeMode)}
          data-testid="wake-toggle"
        />
      </Tooltip>
      <Tooltip title="Every sentence you say is sent to Jarvis">
        <Chip
          size="small"
          clickable
          color={voice.continuousMode ? 'primary' : 'default'}
          variant={voice.continuousMode ? 'filled' : 'outlined'}
          label={voice.continuousMode ? 'Always ON' : 'Always OFF'}
          aria-pressed={voice.continuousMode}
          disabled={voice.recording}
          onClick={() => void toggle('continuous', voice.continuousMode)}
          data-testid="continuous-toggle"
        />
      </Tooltip>
    </>
  );
}

/** The status line for recording and listening, under the input (doc1 §2). */
export function VoiceStatusLine() {
  const voice = useVoiceState();
  const text = voiceStatusText(voice);
  if (!text) return null;
  return (
    <Typography
      variant="caption"
      color={voice.recording ? 'error.main' : 'text.secondary'}
      role="status"
      aria-live="polite"
      data-testid="voice-status"
      noWrap
      sx={{ display: 'block', px: 1, pt: 0.5 }}
    >
      {text}
    </Typography>
  );
}
