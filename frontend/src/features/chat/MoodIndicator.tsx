import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import { MOOD_COLORS, MOODS, moodPulses, type Mood } from '../../state/mood';

const pulse = keyframes`
  0% { transform: scale(1); opacity: 1; }
  50% { transform: scale(1.35); opacity: 0.55; }
  100% { transform: scale(1); opacity: 1; }
`;

function MoodDot({ mood, size }: { mood: Mood; size: number }) {
  const color = MOOD_COLORS[mood];
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        borderRadius: '50%',
        flexShrink: 0,
        bgcolor: color === 'grey' ? 'grey.400' : `${color}.main`,
        animation: moodPulses(mood) ? `${pulse} 1.6s ease-in-out infinite` : 'none',
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    />
  );
}

/** The state's name as shown: 'Listening', 'Active'... */
const titleOf = (mood: Mood) => mood[0].toUpperCase() + mood.slice(1);

/** Jarvis's mood (doc1 §4): the full form shows state and label, the compact form a dot with a tooltip. */
export function MoodIndicator({ mood, compact = false }: { mood: Mood; compact?: boolean }) {
  const common = {
    'data-testid': 'mood-indicator',
    'data-mood': mood,
    'data-pulse': String(moodPulses(mood)),
    role: 'status',
    'aria-label': `Jarvis is ${mood}: ${MOODS[mood]}`,
  } as const;
  if (compact) {
    return (
      <Tooltip title={MOODS[mood]}>
        <Stack direction="row" spacing={0.75} alignItems="center" {...common}>
          <MoodDot mood={mood} size={10} />
          <Typography variant="caption" color="text.secondary">
            {titleOf(mood)}
          </Typography>
        </Stack>
      </Tooltip>
    );
  }
  return (
    <Stack
      direction="row"
      spacing={1.25}
      alignItems="center"
      sx={{
        px: 1.5,
        py: 0.75,
        borderRadius: 5,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
      {...common}
    >
      <MoodDot mood={mood} size={12} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
          {titleOf(mood)}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ lineHeight: 1.2, display: 'block' }}
          noWrap
        >
          {MOODS[mood]}
        </Typography>
      </Box>
    </Stack>
  );
}
