import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import MusicNoteOutlinedIcon from '@mui/icons-material/MusicNoteOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ReplayIcon from '@mui/icons-material/Replay';
import StopIcon from '@mui/icons-material/Stop';
import { callApi, serverMessageOr } from '../../api/client';
import { api } from '../../api/routes';
import type { Song } from '../../api/voice';
import { useToast } from '../../components/toast/toast-context';
import { CardFrame } from '../chat-kit/CardFrame';
import { blobToBase64, type Recording } from '../voice/recording';
import { useMicrophoneTake } from '../voice/use-microphone-take';

/** Music recording stops by itself after 10 s (doc1 §9). */
export const MUSIC_LISTEN_SECONDS = 10;

/** doc1 §8. */
export const SONG_NOT_FOUND = {
  title: 'Song Not Found',
  description: 'Could not identify the song. Try again with clearer audio.',
} as const;
export const MUSIC_RECOGNITION_FAILED = {
  title: 'Music Recognition Failed',
  description: 'Could not access microphone. Please check permissions.',
} as const;
export const IDENTIFICATION_ERROR_TITLE = 'Identification Error';

export type MusicState = 'idle' | 'listening' | 'analysing' | 'result' | 'error';

/** The streaming links a song has, in a fixed order. */
export function songLinks(song: Song): { label: string; href: string }[] {
  const links: { label: string; href?: string }[] = [
    { label: 'Spotify', href: song.spotify_url },
    { label: 'YouTube', href: song.youtube_url },
    { label: 'Apple Music', href: song.apple_music_url },
  ];
  return links.filter((l): l is { label: string; href: string } =>
    Boolean(l.href && /^https?:\/\//.test(l.href)),
  );
}

/**
 * The music identifier (doc1 §4): listens up to 10 s (auto-stop), sends the audio to be recognised and shows the song
 * with its streaming links, or 'Song Not Found'. Try Again starts over.
 */
export function MusicCard({ context, onClose }: { context: string; onClose: () => void }) {
  const { toast } = useToast();
  const [state, setState] = useState<MusicState>('idle');
  const [song, setSong] = useState<Song | null>(null);
  const [error, setError] = useState<{ title: string; description: string } | null>(null);

  const analyse = async (audio: Recording | null) => {
    setState('analysing');
    try {
      if (!audio || audio.blob.size === 0) throw new Error('Nothing was recorded');
      const res = await callApi(api.voice.identifyMusic, { audio: await blobToBase64(audio.blob) });
      if (res.song) {
        setSong(res.song);
        setState('result');
        return;
      }
      setError(SONG_NOT_FOUND);
      setState('error');
      toast({ ...SONG_NOT_FOUND, variant: 'destructive' });
    } catch (failure) {
      const problem = {
        title: IDENTIFICATION_ERROR_TITLE,
        description: serverMessageOr(failure, 'Could not identify the song. Please try again.'),
      };
      setError(problem);
      setState('error');
      toast({ ...problem, variant: 'destructive' });
    }
  };

  const take = useMicrophoneTake({
    maxSeconds: MUSIC_LISTEN_SECONDS,
    onAutoStop: (audio) => void analyse(audio),
  });

  const listen = async () => {
    setSong(null);
    setError(null);
    if (!(await take.start())) {
      toast({ ...MUSIC_RECOGNITION_FAILED, variant: 'destructive' });
      return;
    }
    setState('listening');
  };

  const stopEarly = async () => {
    const audio = await take.stop();
    if (audio) await analyse(audio);
  };

  const reset = () => {
    setSong(null);
    setError(null);
    setState('idle');
  };

  return (
    <CardFrame
      icon={<MusicNoteOutlinedIcon fontSize="small" />}
      title="Music identifier"
      subtitle={context || undefined}
      onClose={onClose}
      testId="music-card"
    >
      <Box data-testid="music-state" data-state={state}>
        {state === 'idle' && (
          <Stack direction="row" spacing={1.5} alignItems="center" useFlexGap flexWrap="wrap">
            <Button
              variant="contained"
              size="small"
              startIcon={<GraphicEqIcon />}
              onClick={() => void listen()}
            >
              Identify song
            </Button>
            <Typography variant="caption" color="text.secondary">
              Hold your device near the music; Jarvis listens for up to {MUSIC_LISTEN_SECONDS} seconds.
            </Typography>
          </Stack>
        )}
        {state === 'listening' && (
          <Stack spacing={1}>
            <Typography variant="body2">Listening... {MUSIC_LISTEN_SECONDS - take.seconds}s left</Typography>
            <LinearProgress
              variant="determinate"
              value={Math.min(100, (take.seconds / MUSIC_LISTEN_SECONDS) * 100)}
              aria-label="Listening progress"
            />
            <Box>
              <Button size="small" color="error" startIcon={<StopIcon />} onClick={() => void stopEarly()}>
                Stop and identify
              </Button>
            </Box>
          </Stack>
        )}
        {state === 'analysing' && (
          <Stack direction="row" spacing={1} alignItems="center">
            <CircularProgress size={16} />
            <Typography variant="body2">Analysing the song...</Typography>
          </Stack>
        )}
        {state === 'result' && song && (
          <Stack spacing={1} data-testid="song-result">
            <Box>
              <Typography variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
                {song.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {song.artist}
                {song.album ? ` · ${song.album}` : ''}
                {song.release_date ? ` · ${song.release_date}` : ''}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
              {songLinks(song).map((link) => (
                <Button
                  key={link.label}
                  size="small"
                  variant="outlined"
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  endIcon={<OpenInNewIcon sx={{ fontSize: 14 }} />}
                >
                  {link.label}
                </Button>
              ))}
              <Button size="small" startIcon={<ReplayIcon />} onClick={reset}>
                Try Again
              </Button>
            </Stack>
          </Stack>
        )}
        {state === 'error' && error && (
          <Alert
            severity={error === SONG_NOT_FOUND ? 'warning' : 'error'}
            action={
              <Button color="inherit" size="small" onClick={reset} sx={{ whiteSpace: 'nowrap' }}>
                Try Again
              </Button>
            }
          >
            <AlertTitle>{error.title}</AlertTitle>
            {error.description}
          </Alert>
        )}
      </Box>
    </CardFrame>
  );
}
