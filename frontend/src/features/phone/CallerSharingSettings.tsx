import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { CallerSharing } from '@jarvis/contracts';
import { serverMessageOr } from '../../api/client';
import { useToast } from '../../components/toast/toast-context';
import { useUpdateCallerSharing } from './use-phone-line';

const CHOICES: { key: keyof CallerSharing; label: string; description: string }[] = [
  {
    key: 'name',
    label: 'Your first name',
    description:
      "Jarvis answers as your assistant by name: “You've reached Jarvis, Ann's personal assistant.”",
  },
  {
    key: 'availability',
    label: 'When you are busy today',
    description: "Busy and free times from today's reminders, never what they are.",
  },
  {
    key: 'twinFacts',
    label: 'Facts from your AI twin',
    description: 'What you taught your twin about yourself, your way of speaking and your boundaries.',
  },
];

/**
 * The phone line card's sharing switches: what the phone agent may tell callers, and the people it calls for the
 * user, about them. Everything else stays out of its instructions.
 */
export function CallerSharingSettings({ sharing }: { sharing: CallerSharing }) {
  const { toast } = useToast();
  const update = useUpdateCallerSharing({
    onError: (error) =>
      toast({
        title: 'Sharing not changed',
        description: serverMessageOr(error, 'Please try again.'),
        variant: 'destructive',
      }),
  });

  return (
    <Box component="section" aria-labelledby="caller-sharing-title" data-testid="caller-sharing">
      <Typography id="caller-sharing-title" variant="subtitle2" component="h3">
        What callers hear about you
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        People who call your line, and people Jarvis calls for you, hear only what you switch on here.
      </Typography>
      <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
        {CHOICES.map(({ key, label, description }) => (
          <Stack key={key} direction="row" spacing={2} alignItems="center" sx={{ py: 1.25 }}>
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Typography id={`caller-sharing-${key}`} variant="body1">
                {label}
              </Typography>
              <Typography id={`caller-sharing-${key}-description`} variant="body2" color="text.secondary">
                {description}
              </Typography>
            </Box>
            <Switch
              checked={sharing[key]}
              onChange={(_event, checked) => update.mutate({ [key]: checked })}
              slotProps={{
                input: {
                  'aria-labelledby': `caller-sharing-${key}`,
                  'aria-describedby': `caller-sharing-${key}-description`,
                },
              }}
              sx={{ flexShrink: 0 }}
            />
          </Stack>
        ))}
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        Your memories and the titles of your reminders are never shared with callers.
      </Typography>
    </Box>
  );
}
