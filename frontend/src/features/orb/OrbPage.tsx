import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha, keyframes } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Brightness4Icon from '@mui/icons-material/Brightness4';
import Brightness7Icon from '@mui/icons-material/Brightness7';
import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import MicIcon from '@mui/icons-material/Mic';
import StopIcon from '@mui/icons-material/Stop';
import { useDocumentTitle } from '../../components/use-document-title';
import { useThemeSettings } from '../../theme/theme-settings-context';
import { liveVoiceAvailable } from '../live-voice/live-voice-status';
import {
  LiveOrb,
  type OrbConversation,
  type OrbConversationCallbacks,
  placeExchange,
  type ShownTurn,
} from './orb-live';
import { OrbLoop, ORB_START_TEXT, ORB_STATUS, type OrbPhase } from './orb-loop';

const breathe = keyframes`
  0%, 100% { transform: scale(1); }
  50% { transform: scale(1.04); }
`;

const PHASE_COLOR: Record<OrbPhase, 'primary' | 'info' | 'warning' | 'secondary' | 'success' | 'error'> = {
  idle: 'primary',
  listening: 'info',
  transcribing: 'warning',
  thinking: 'warning',
  speaking: 'secondary',
  error: 'error',
};

/** The page's dark/light switch (doc3); the app's own toggle lives in the shell's start chunk. */
function OrbThemeToggle() {
  const { mode, setMode } = useThemeSettings();
  const label = mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <Tooltip title={label}>
      <Button
        aria-label={label}
        onClick={() => setMode(mode === 'dark' ? 'light' : 'dark')}
        sx={{ minWidth: 0, borderRadius: '50%', p: 1 }}
        color="inherit"
      >
        {mode === 'dark' ? <Brightness7Icon /> : <Brightness4Icon />}
      </Button>
    </Tooltip>
  );
}

/**
 * /orb (signed-in only, doc3): the Voice Orb. 'Start Voice Chat' starts a hands-free conversation: Jarvis listens
 * until you pause, answers aloud, and listens again; the orb follows your voice and Jarvis's. When the server offers
 * live voice (issue 20) the conversation streams both ways over `/api/voice/live` and Jarvis stops as soon as you
 * speak over it; otherwise each turn is recorded, transcribed, sent and spoken (OrbLoop).
 */
export function OrbPage() {
  useDocumentTitle('Voice Orb — Jarvis');
  const [phase, setPhase] = useState<OrbPhase>('idle');
  const [status, setStatus] = useState(ORB_START_TEXT);
  const [turns, setTurns] = useState<ShownTurn[]>([]);
  const [running, setRunning] = useState(false);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const orbRef = useRef<HTMLDivElement | null>(null);
  const loopRef = useRef<OrbConversation | null>(null);
  const transcriptRef = useRef<HTMLDivElement | null>(null);

  // Leaving the page (or the tab) lets go of the microphone and closes a live conversation.
  useEffect(() => {
    // Asked ahead, so Start knows at once which conversation to run.
    void liveVoiceAvailable();
    const leave = () => {
      loopRef.current?.stop();
      loopRef.current = null;
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, []);

  useEffect(() => {
    const box = transcriptRef.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [turns]);

  const callbacks: OrbConversationCallbacks = {
    onPhase: (next, detail) => {
      setPhase(next);
      setStatus(detail ?? ORB_STATUS[next]);
      if (next === 'idle') setRunning(false);
    },
    onTurn: (turn) => setTurns((list) => [...list, turn]),
    onExchange: (user, reply, ids) => setTurns((list) => placeExchange(list, user, reply, ids)),
    // Straight to the style: a level arrives every frame and must not re-render the page.
    onLevel: (level) => orbRef.current?.style.setProperty('--orb-level', level.toFixed(3)),
  };

  const turnByTurn = () => (audioRef.current ? new OrbLoop(audioRef.current, callbacks) : null);

  const conversation = async (): Promise<OrbConversation | null> => {
    if (loopRef.current) return loopRef.current;
    if (!(await liveVoiceAvailable())) return turnByTurn();
    return new LiveOrb(callbacks, (end) => {
      loopRef.current = null;
      if (!end.fallback) return setRunning(false);
      // The server had no live voice for us after all (the model could not be reached): turn by turn instead.
      const loop = turnByTurn();
      loopRef.current = loop;
      void loop?.start().then((ok) => !ok && setRunning(false));
    });
  };

  const start = async () => {
    setRunning(true);
    const orb = await conversation();
    if (!orb) return setRunning(false);
    loopRef.current = orb;
    if (!(await orb.start()) && loopRef.current === orb) setRunning(false);
  };

  const stop = () => {
    const orb = loopRef.current;
    // A live conversation ends with its session; the next Start opens a new one.
    if (orb instanceof LiveOrb) loopRef.current = null;
    orb?.stop();
    setRunning(false);
    setStatus(ORB_START_TEXT);
  };

  const clear = () => {
    loopRef.current?.clear();
    setTurns([]);
  };

  return (
    <Box
      sx={{
        minHeight: '100dvh',
        bgcolor: 'background.default',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        p: { xs: 2, sm: 3 },
      }}
    >
      <Stack direction="row" alignItems="center" sx={{ width: '100%', maxWidth: 720, mb: 2 }}>
        <Button component={RouterLink} to="/" startIcon={<ArrowBackIcon />}>
          Back to Jarvis
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <OrbThemeToggle />
      </Stack>
      <Paper
        variant="outlined"
        data-testid="orb-panel"
        sx={{ width: '100%', maxWidth: 720, borderRadius: 4, p: { xs: 2, sm: 4 }, textAlign: 'center' }}
      >
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
          Voice Orb
        </Typography>
        <Typography
          color={phase === 'error' ? 'error.main' : 'text.secondary'}
          role="status"
          aria-live="polite"
          data-testid="orb-status"
          data-phase={phase}
          sx={{ minHeight: 24 }}
        >
          {status}
        </Typography>
        <Box sx={{ display: 'grid', placeItems: 'center', height: { xs: 220, sm: 260 }, my: 1 }}>
          <Box
            ref={orbRef}
            aria-hidden
            data-testid="orb"
            sx={(theme) => {
              const color = theme.palette[PHASE_COLOR[phase]].main;
              return {
                '--orb-level': 0,
                width: { xs: 150, sm: 180 },
                height: { xs: 150, sm: 180 },
                borderRadius: '50%',
                background: `radial-gradient(circle at 35% 30%, ${alpha(theme.palette.common.white, 0.75)}, ${color} 45%, ${theme.palette.secondary.dark})`,
                boxShadow: `0 0 calc(40px + 120px * var(--orb-level)) ${alpha(color, 0.55)}`,
                transform: 'scale(calc(1 + 0.6 * var(--orb-level)))',
                transition: 'transform 80ms linear, box-shadow 80ms linear, background 400ms ease',
                animation: running ? 'none' : `${breathe} 3.5s ease-in-out infinite`,
                '@media (prefers-reduced-motion: reduce)': { animation: 'none', transition: 'none' },
              };
            }}
          />
        </Box>
        <Stack
          direction="row"
          spacing={1.5}
          justifyContent="center"
          useFlexGap
          flexWrap="wrap"
          sx={{ mb: 3 }}
        >
          {!running && (
            <Button variant="contained" size="large" startIcon={<MicIcon />} onClick={() => void start()}>
              Start Voice Chat
            </Button>
          )}
          {/* Hidden until the conversation starts (doc3). */}
          <Button
            variant="contained"
            color="error"
            size="large"
            startIcon={<StopIcon />}
            onClick={stop}
            sx={{ display: running ? 'inline-flex' : 'none' }}
          >
            Stop Listening
          </Button>
          <Tooltip title="Forget this conversation">
            <span>
              <Button
                variant="outlined"
                size="large"
                startIcon={<DeleteSweepOutlinedIcon />}
                onClick={clear}
                disabled={turns.length === 0}
              >
                Clear Conversation
              </Button>
            </span>
          </Tooltip>
        </Stack>
        <Box
          ref={transcriptRef}
          data-testid="orb-transcript"
          aria-label="Transcript"
          role="log"
          sx={{
            textAlign: 'left',
            maxHeight: { xs: 240, sm: 280 },
            minHeight: 96,
            overflowY: 'auto',
            borderRadius: 3,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'action.hover',
            p: 2,
          }}
        >
          {turns.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', py: 2 }}>
              The conversation appears here.
            </Typography>
          ) : (
            <Stack spacing={1.25}>
              {turns.map((turn) => (
                <Box
                  key={turn.id}
                  data-role={turn.role}
                  data-interrupted={turn.interrupted ? 'true' : undefined}
                >
                  <Typography
                    variant="caption"
                    color={turn.role === 'user' ? 'primary.main' : 'secondary.main'}
                    sx={{ fontWeight: 700 }}
                  >
                    {turn.role === 'user' ? 'You' : 'Jarvis'}
                  </Typography>
                  {/* An answer cut where the user spoke over it is kept as heard, a shade quieter. */}
                  <Typography
                    variant="body2"
                    color={turn.interrupted ? 'text.secondary' : undefined}
                    sx={{ whiteSpace: 'pre-wrap' }}
                  >
                    {turn.text}
                  </Typography>
                </Box>
              ))}
            </Stack>
          )}
        </Box>
        {/* An avatar video has no source yet; its container stays hidden (doc3). */}
        <Box data-testid="orb-avatar" hidden sx={{ display: 'none' }}>
          <video muted playsInline />
        </Box>
        <audio ref={audioRef} data-testid="orb-audio" hidden />
      </Paper>
    </Box>
  );
}
