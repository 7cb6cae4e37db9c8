import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import { serverMessageOr } from '../../api/client';
import type { TwinState } from '../../api/twin';
import { SectionHeader } from '../../components/SectionHeader';
import { useToast } from '../../components/toast/toast-context';
import {
  DEFAULT_GUIDELINES,
  keptSamples,
  MIN_SAMPLE_CHARS,
  MIN_SAMPLES,
  NEED_MORE_SAMPLES,
} from './twin-training';
import { useTrainTwin, useTwin } from './use-twin';

type TabId = 'samples' | 'about' | 'guidelines';

function TwinProfileCard({ twin }: { twin: TwinState }) {
  if (!twin.trained || !twin.profile) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2.5, borderRadius: 3, mb: 3 }} data-testid="twin-profile">
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
        <SmartToyOutlinedIcon color="primary" />
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          Your twin&apos;s voice
        </Typography>
      </Stack>
      <Typography sx={{ mb: 1.5 }}>{twin.profile.voice_summary}</Typography>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
        {twin.profile.tone_adjectives.map((tone) => (
          <Chip key={tone} label={tone} color="primary" variant="outlined" size="small" />
        ))}
      </Stack>
    </Paper>
  );
}

function TwinForm({ twin }: { twin: TwinState }) {
  const { toast } = useToast();
  const train = useTrainTwin();
  const [tab, setTab] = useState<TabId>('samples');
  const [samples, setSamples] = useState<string[]>(twin.samples.length ? twin.samples : ['']);
  const [facts, setFacts] = useState(twin.facts ?? '');
  const [boundaries, setBoundaries] = useState(twin.boundaries || DEFAULT_GUIDELINES);
  const ready = keptSamples(samples).length;

  const submit = () => {
    const kept = keptSamples(samples);
    if (kept.length < MIN_SAMPLES) {
      toast({ ...NEED_MORE_SAMPLES, variant: 'destructive' });
      setTab('samples');
      return;
    }
    train.mutate(
      { samples: kept, facts: facts.trim(), boundaries: boundaries.trim() },
      {
        onSuccess: () =>
          toast({
            title: 'AI Twin Trained!',
            description: 'Jarvis now writes in your style.',
            variant: 'success',
          }),
        onError: (error) =>
          toast({
            title: 'Training Failed',
            description: serverMessageOr(error, 'Could not train your AI Twin'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
      <Tabs
        value={tab}
        onChange={(_e, value: TabId) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
      >
        <Tab value="samples" label="Writing Samples" />
        <Tab value="about" label="About You" />
        <Tab value="guidelines" label="Guidelines" />
      </Tabs>
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        {tab === 'samples' && (
          <Stack spacing={2}>
            <Typography color="text.secondary">
              Paste messages or emails you wrote. At least {MIN_SAMPLES} samples of more than{' '}
              {MIN_SAMPLE_CHARS} characters.
            </Typography>
            {samples.map((sample, index) => (
              <Stack key={index} direction="row" spacing={1} alignItems="flex-start">
                <TextField
                  fullWidth
                  multiline
                  minRows={3}
                  label={`Sample ${index + 1}`}
                  value={sample}
                  onChange={(e) =>
                    setSamples((list) => list.map((s, i) => (i === index ? e.target.value : s)))
                  }
                  helperText={`${sample.trim().length} characters`}
                />
                {samples.length > 1 && (
                  <Tooltip title="Remove sample">
                    <IconButton
                      aria-label={`Remove sample ${index + 1}`}
                      onClick={() => setSamples((list) => list.filter((_s, i) => i !== index))}
                    >
                      <DeleteOutlineIcon />
                    </IconButton>
                  </Tooltip>
                )}
              </Stack>
            ))}
            <Box>
              <Button startIcon={<AddIcon />} onClick={() => setSamples((list) => [...list, ''])}>
                Add Sample
              </Button>
            </Box>
          </Stack>
        )}
        {tab === 'about' && (
          <TextField
            fullWidth
            multiline
            minRows={5}
            label="Facts about you"
            placeholder="I'm a realtor in Austin. I have two kids. I prefer calls after 10am."
            value={facts}
            onChange={(e) => setFacts(e.target.value)}
          />
        )}
        {tab === 'guidelines' && (
          <TextField
            fullWidth
            multiline
            minRows={5}
            label="Guidelines for your twin"
            value={boundaries}
            onChange={(e) => setBoundaries(e.target.value)}
          />
        )}
      </Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        alignItems={{ xs: 'stretch', sm: 'center' }}
        sx={{ px: { xs: 2, sm: 3 }, py: 2, borderTop: 1, borderColor: 'divider' }}
      >
        <Typography
          variant="body2"
          color={ready >= MIN_SAMPLES ? 'success.main' : 'text.secondary'}
          sx={{ flexGrow: 1 }}
        >
          {ready} of {MIN_SAMPLES} samples ready
        </Typography>
        <Button
          variant="contained"
          onClick={submit}
          disabled={train.isPending}
          startIcon={<SmartToyOutlinedIcon />}
        >
          {train.isPending ? 'Training...' : twin.trained ? 'Retrain Twin' : 'Train AI Twin'}
        </Button>
      </Stack>
    </Paper>
  );
}

/** AI Twin Training (doc2 §2): writing samples, facts and guidelines; 'Twin Active' once trained. */
export function TwinSection() {
  const { data, isLoading, isError, refetch } = useTwin();
  return (
    <Box data-testid="section-twin">
      <SectionHeader
        title="AI Twin"
        subtitle="Train an AI twin on your writing style"
        actions={
          data?.trained && (
            <Chip
              icon={<CheckCircleOutlineIcon />}
              label="Twin Active"
              color="success"
              data-testid="twin-active"
            />
          )
        }
      />
      {isLoading ? (
        <Skeleton variant="rounded" height={320} />
      ) : isError || !data ? (
        <Alert severity="error" action={<Button onClick={() => void refetch()}>Try again</Button>}>
          Your AI twin could not be loaded.
        </Alert>
      ) : (
        <>
          <TwinProfileCard twin={data} />
          <TwinForm twin={data} />
        </>
      )}
    </Box>
  );
}
