import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import MicNoneOutlinedIcon from '@mui/icons-material/MicNoneOutlined';
import RecordVoiceOverOutlinedIcon from '@mui/icons-material/RecordVoiceOverOutlined';
import StopIcon from '@mui/icons-material/Stop';
import { VOICE_SAMPLE_MAX_BYTES } from '@jarvis/contracts';
import { serverMessageOr } from '../../api/client';
import type { VoiceCloningStatus } from '../../api/voice';
import { useToast } from '../../components/toast/toast-context';
import { useCurrentUser } from '../../state/use-current-user';
import {
  sampleFileName,
  useSampleRecorder,
  type RecordedSample,
  type RecorderProblem,
} from './use-sample-recorder';
import { useCloneVoice, useToggleVoiceCloning, useVoiceCloningStatus } from './use-voice-cloning';

/** doc2 §5 and §9: 3 to 5 samples of 10-30 seconds each; a take stops itself after a minute. */
export const MIN_SAMPLES = 3;
export const MAX_SAMPLES = 5;
const MAX_SAMPLE_SECONDS = 60;

const MICROPHONE_MESSAGE = 'Could not access your microphone. Please check permissions.';

const PROBLEM_TEXT: Record<RecorderProblem, string> = {
  unsupported:
    'Recording is not supported in this browser. Try a recent version of Chrome, Edge, Firefox or Safari.',
  denied: `${MICROPHONE_MESSAGE} Allow microphone access for this site in your browser, then try again.`,
  'too-large': `That sample is larger than ${VOICE_SAMPLE_MAX_BYTES / (1024 * 1024)} MB. Please record a shorter one.`,
  empty: 'Nothing was recorded. Please try again.',
};

function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Settings → Voice (doc2 §2): voice cloning for Premium and Enterprise; a notice for the free plan. */
export function VoiceCloningPanel() {
  const { user } = useCurrentUser();
  if (!user) return null;
  const paid = user.subscriptionTier === 'premium' || user.subscriptionTier === 'enterprise';
  return (
    <Card data-testid="voice-cloning-panel">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack spacing={3}>
          <Box>
            <Typography variant="h6" component="h2">
              Voice cloning
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Clone your own voice so Jarvis can speak its replies like you.
            </Typography>
          </Box>
          {paid ? (
            <VoiceCloning />
          ) : (
            <Alert severity="info" icon={<RecordVoiceOverOutlinedIcon />}>
              Voice cloning is available for Premium and Enterprise subscribers only.
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function VoiceCloning() {
  const { toast } = useToast();
  const status = useVoiceCloningStatus();
  const recorder = useSampleRecorder({
    maxSamples: MAX_SAMPLES,
    maxSeconds: MAX_SAMPLE_SECONDS,
    maxBytes: VOICE_SAMPLE_MAX_BYTES,
    onMicrophoneError: () =>
      toast({ title: 'Microphone error', description: MICROPHONE_MESSAGE, variant: 'destructive' }),
  });
  const clone = useCloneVoice({
    onSuccess: () => {
      recorder.clear();
      toast({
        title: 'Voice cloning started',
        description: 'This usually takes 1-2 minutes.',
        variant: 'success',
      });
    },
    onError: (error) =>
      toast({
        title: 'Failed to clone voice',
        description: serverMessageOr(error, 'Voice cloning failed'),
        variant: 'destructive',
      }),
  });

  const { samples, state } = recorder;
  const processing = status.data?.voiceCloningStatus === 'processing';
  const missing = Math.max(0, MIN_SAMPLES - samples.length);
  const full = samples.length >= MAX_SAMPLES;
  const busy = state !== 'idle' || clone.isPending;

  const submit = () => {
    clone.reset();
    clone.mutate(
      samples.map((sample, index) => ({
        blob: sample.blob,
        fileName: sampleFileName(index, sample.blob.type),
      })),
    );
  };

  return (
    <Stack spacing={3}>
      {status.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void status.refetch()}>
              Try again
            </Button>
          }
        >
          Your voice cloning status could not be loaded.
        </Alert>
      ) : (
        status.data && <CloneStatus status={status.data} />
      )}

      <Stack spacing={2}>
        <Box>
          <Typography variant="subtitle2" gutterBottom>
            Voice samples
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Record {MIN_SAMPLES} to {MAX_SAMPLES} samples of 10-30 seconds each. Read something aloud in a
            quiet room, speaking naturally.
          </Typography>
        </Box>

        {recorder.problem && (
          <Alert severity={recorder.problem === 'unsupported' ? 'warning' : 'error'}>
            {PROBLEM_TEXT[recorder.problem]}
          </Alert>
        )}

        {samples.length > 0 && (
          <Stack
            spacing={1.5}
            component="ol"
            sx={{ listStyle: 'none', p: 0, m: 0 }}
            aria-label="Recorded samples"
          >
            {samples.map((sample, index) => (
              <SampleRow
                key={sample.id}
                sample={sample}
                number={index + 1}
                disabled={clone.isPending}
                onDelete={() => recorder.remove(sample.id)}
              />
            ))}
          </Stack>
        )}

        <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
          {state === 'recording' ? (
            <>
              <Button variant="contained" color="error" startIcon={<StopIcon />} onClick={recorder.stop}>
                Stop
              </Button>
              <Stack
                direction="row"
                spacing={0.75}
                alignItems="center"
                role="timer"
                aria-label="Recording time"
              >
                <FiberManualRecordIcon color="error" fontSize="small" aria-hidden />
                <Typography sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  Recording {clock(recorder.elapsed)}
                </Typography>
              </Stack>
            </>
          ) : (
            <Button
              variant="outlined"
              startIcon={state === 'starting' ? <CircularProgress size={18} /> : <MicNoneOutlinedIcon />}
              onClick={() => void recorder.start()}
              disabled={full || busy || recorder.problem === 'unsupported'}
            >
              {samples.length === 0 ? 'Record sample' : 'Record another sample'}
            </Button>
          )}
          <Typography variant="body2" color="text.secondary">
            {samples.length} of {MAX_SAMPLES} samples
          </Typography>
        </Stack>

        <Typography
          variant="body2"
          color={missing > 0 ? 'text.secondary' : 'success.main'}
          aria-live="polite"
        >
          {missing > 0
            ? `Record at least ${MIN_SAMPLES} samples: ${missing} more needed.`
            : full
              ? `You have the maximum of ${MAX_SAMPLES} samples. Delete one to record it again.`
              : 'Ready to clone your voice.'}
        </Typography>
      </Stack>

      {clone.isError && (
        <Alert severity="error">{serverMessageOr(clone.error, 'Voice cloning failed')}</Alert>
      )}

      {/* doc2 §5: the clone button appears at 3 samples or more; until then the hint says how many are missing. */}
      {missing === 0 && (
        <Box>
          <Button
            variant="contained"
            startIcon={
              clone.isPending ? (
                <CircularProgress size={18} color="inherit" />
              ) : (
                <RecordVoiceOverOutlinedIcon />
              )
            }
            onClick={submit}
            disabled={busy || processing}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {clone.isPending ? 'Uploading samples...' : 'Clone my voice'}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function SampleRow({
  sample,
  number,
  disabled,
  onDelete,
}: {
  sample: RecordedSample;
  number: number;
  disabled: boolean;
  onDelete: () => void;
}) {
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{
        p: 1.5,
        borderRadius: 2,
        display: 'grid',
        alignItems: 'center',
        columnGap: 1.5,
        rowGap: 1,
        gridTemplateColumns: { xs: '1fr auto', sm: 'auto 1fr auto' },
        gridTemplateAreas: { xs: '"label delete" "audio audio"', sm: '"label audio delete"' },
      }}
    >
      <Typography variant="body2" sx={{ gridArea: 'label', fontWeight: 500, whiteSpace: 'nowrap' }}>
        Sample {number} · {clock(sample.seconds)}
      </Typography>
      <Box
        component="audio"
        controls
        preload="metadata"
        src={sample.url}
        aria-label={`Play sample ${number}`}
        sx={{ gridArea: 'audio', width: '100%', minWidth: 0, height: 40 }}
      />
      <IconButton
        aria-label={`Delete sample ${number}`}
        onClick={onDelete}
        disabled={disabled}
        sx={{ gridArea: 'delete' }}
      >
        <DeleteOutlineIcon />
      </IconButton>
    </Paper>
  );
}

function CloneStatus({ status }: { status: VoiceCloningStatus }) {
  if (!status.voiceCloningStatus && !status.elevenLabsVoiceId) return null;
  return (
    <Stack spacing={2}>
      {status.voiceCloningStatus === 'processing' && (
        <Alert severity="info" icon={<CircularProgress size={20} color="inherit" />} role="status">
          Cloning your voice... This usually takes 1-2 minutes.
        </Alert>
      )}
      {status.voiceCloningStatus === 'completed' && (
        <Alert severity="success" role="status">
          Your voice clone is ready.
        </Alert>
      )}
      {status.voiceCloningStatus === 'failed' && (
        <Alert severity="error" role="status">
          Voice cloning failed. Please record new samples and try again.
        </Alert>
      )}
      {status.elevenLabsVoiceId && <UseMyVoiceSwitch enabled={status.voiceCloningEnabled} />}
    </Stack>
  );
}

function UseMyVoiceSwitch({ enabled }: { enabled: boolean }) {
  const { toast } = useToast();
  const toggle = useToggleVoiceCloning({
    onSuccess: () => toast({ title: 'Voice setting updated', variant: 'success' }),
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessageOr(error, 'Failed to update voice setting'),
        variant: 'destructive',
      }),
  });
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={toggle.isPending ? toggle.variables : enabled}
            onChange={(_e, checked) => toggle.mutate(checked)}
            disabled={toggle.isPending}
          />
        }
        label="Use my voice"
      />
      <Typography variant="body2" color="text.secondary">
        When on, Jarvis speaks its replies in your cloned voice.
      </Typography>
    </Box>
  );
}
