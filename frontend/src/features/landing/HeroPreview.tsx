import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import CheckIcon from '@mui/icons-material/Check';
import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import { JarvisLogo } from '../../components/JarvisLogo';

function Bubble({ from, children }: { from: 'user' | 'assistant'; children: React.ReactNode }) {
  const mine = from === 'user';
  return (
    <Box sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}>
      <Box
        sx={(theme) => ({
          maxWidth: '82%',
          px: 2,
          py: 1.25,
          borderRadius: 3,
          borderBottomRightRadius: mine ? 4 : undefined,
          borderBottomLeftRadius: mine ? undefined : 4,
          bgcolor: mine ? 'primary.main' : alpha(theme.palette.text.primary, 0.06),
          color: mine ? 'primary.contrastText' : 'text.primary',
        })}
      >
        <Typography variant="body2">{children}</Typography>
      </Box>
    </Box>
  );
}

/** A still picture of a conversation, to show visitors what Jarvis feels like. */
export function HeroPreview() {
  return (
    <Paper
      elevation={0}
      sx={(theme) => ({
        p: { xs: 2, sm: 3 },
        borderRadius: 5,
        border: 1,
        borderColor: 'divider',
        boxShadow: `0 24px 60px ${alpha(theme.palette.primary.main, 0.18)}`,
      })}
      aria-hidden
    >
      <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 2.5 }}>
        <JarvisLogo size={30} withName={false} />
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="subtitle2">Jarvis</Typography>
          <Typography variant="caption" color="success.main">
            ● Fully operational
          </Typography>
        </Box>
        <Chip
          size="small"
          icon={<GraphicEqIcon />}
          label="Hey Jarvis ON"
          color="primary"
          variant="outlined"
        />
      </Stack>
      <Stack spacing={1.5}>
        <Bubble from="user">Remind me to call Mom tomorrow at 6pm</Bubble>
        <Bubble from="assistant">
          Done! I&apos;ll remind you tomorrow at 6:00 PM. Want me to text her that you&apos;ll call?
        </Bubble>
        <Box>
          <Chip size="small" color="success" icon={<CheckIcon />} label="Reminder Created" />
        </Box>
        <Bubble from="user">Yes, and what&apos;s the weather like tomorrow?</Bubble>
        <Bubble from="assistant">
          Sunny, 22°C with a light breeze. A good evening for that call on the porch.
        </Bubble>
      </Stack>
    </Paper>
  );
}
