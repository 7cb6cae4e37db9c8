import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MicNoneOutlinedIcon from '@mui/icons-material/MicNoneOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import StopIcon from '@mui/icons-material/Stop';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import TranslateIcon from '@mui/icons-material/Translate';
import { callApi } from '../../api/client';
import { api } from '../../api/routes';
import { useToast } from '../../components/toast/toast-context';
import { CardFrame } from '../chat-kit/CardFrame';
import { MIC_ERROR, TRANSCRIPTION_FAILED } from '../voice/manual-recorder';
import { blobToBase64 } from '../voice/recording';
import { speakText } from '../voice/speech-playback';
import { useMicrophoneTake } from '../voice/use-microphone-take';
import { AUTO_DETECT, languageChoices } from './languages';

export const TRANSLATION_ERROR = {
  title: 'Translation Error',
  description: 'Could not translate the audio. Please try again.',
} as const;

export type InterpreterState = 'idle' | 'listening' | 'processing' | 'translated';

/**
 * Interpreter mode (doc1 §4): choose the languages (from 'Auto-detect' by default), speak, and Jarvis transcribes,
 * translates and reads the translation aloud; Replay says it again.
 */
export function InterpreterCard({
  fromLanguage,
  toLanguage,
  mode,
  onClose,
}: {
  fromLanguage: string;
  toLanguage: string;
  mode: string;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const [from, setFrom] = useState(fromLanguage || AUTO_DETECT);
  const [to, setTo] = useState(toLanguage || 'English');
  const [state, setState] = useState<InterpreterState>('idle');
  const [heard, setHeard] = useState('');
  const [translation, setTranslation] = useState('');
  const take = useMicrophoneTake();

  const say = (text: string) => void speakText(text, 'action', to);

  const listen = async () => {
    if (!(await take.start())) {
      toast({ ...MIC_ERROR, variant: 'destructive' });
      return;
    }
    setState('listening');
  };

  const finish = async () => {
    const audio = await take.stop();
    setState('processing');
    let text: string;
    try {
      if (!audio || audio.blob.size === 0) throw new Error('Nothing was recorded');
      const res = await callApi(api.voice.transcribe, {
        audioBase64: await blobToBase64(audio.blob),
        mimeType: audio.mimeType,
      });
      text = res.text?.trim() ?? '';
      if (!text) throw new Error('Nothing was heard');
    } catch {
      toast({ ...TRANSCRIPTION_FAILED, variant: 'destructive' });
      setState(translation ? 'translated' : 'idle');
      return;
    }
    try {
      const { translatedText } = await callApi(api.voice.translate, {
        text,
        fromLanguage: from,
        toLanguage: to,
      });
      setHeard(text);
      setTranslation(translatedText);
      setState('translated');
      say(translatedText);
    } catch {
      toast({ ...TRANSLATION_ERROR, variant: 'destructive' });
      setState(translation ? 'translated' : 'idle');
    }
  };

  const swap = () => {
    if (from === AUTO_DETECT) return;
    setFrom(to);
    setTo(from);
  };

  const busy = state === 'listening' || state === 'processing';
  return (
    <CardFrame
      icon={<TranslateIcon fontSize="small" />}
      title="Interpreter mode"
      subtitle={mode}
      onClose={onClose}
      testId="interpreter-card"
    >
      <Box data-state={state} data-testid="interpreter-state">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          alignItems={{ sm: 'center' }}
          sx={{ mb: 1.5 }}
        >
          <TextField
            select
            size="small"
            label="From"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            disabled={busy}
            sx={{ minWidth: 150, flex: 1 }}
          >
            {languageChoices(from, true).map((language) => (
              <MenuItem key={language} value={language}>
                {language}
              </MenuItem>
            ))}
          </TextField>
          <Button
            size="small"
            onClick={swap}
            disabled={busy || from === AUTO_DETECT}
            aria-label="Swap languages"
            sx={{ minWidth: 0, alignSelf: 'center' }}
          >
            <SwapHorizIcon fontSize="small" />
          </Button>
          <TextField
            select
            size="small"
            label="To"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            disabled={busy}
            sx={{ minWidth: 150, flex: 1 }}
          >
            {languageChoices(to, false).map((language) => (
              <MenuItem key={language} value={language}>
                {language}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {state === 'translated' && (
          <Box sx={{ mb: 1.5 }} data-testid="interpreter-result">
            <Typography variant="caption" color="text.secondary">
              You said
            </Typography>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {heard}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {to}
            </Typography>
            <Typography variant="body1" sx={{ fontWeight: 600 }} data-testid="interpreter-translation">
              {translation}
            </Typography>
          </Box>
        )}
        <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
          {state === 'listening' ? (
            <Button
              variant="contained"
              color="error"
              size="small"
              startIcon={<StopIcon />}
              onClick={() => void finish()}
            >
              Stop and translate ({take.seconds}s)
            </Button>
          ) : (
            <Button
              variant="contained"
              size="small"
              startIcon={
                state === 'processing' ? (
                  <CircularProgress size={14} color="inherit" />
                ) : (
                  <MicNoneOutlinedIcon />
                )
              }
              disabled={state === 'processing'}
              onClick={() => void listen()}
            >
              {state === 'processing'
                ? 'Translating...'
                : state === 'translated'
                  ? 'Speak again'
                  : 'Start speaking'}
            </Button>
          )}
          {state === 'translated' && (
            <Button size="small" startIcon={<ReplayIcon />} onClick={() => say(translation)}>
              Replay
            </Button>
          )}
          {state === 'idle' && (
            <Typography variant="caption" color="text.secondary">
              Speak in {from === AUTO_DETECT ? 'any language' : from}; Jarvis answers in {to}.
            </Typography>
          )}
        </Stack>
      </Box>
    </CardFrame>
  );
}
