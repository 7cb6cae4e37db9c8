import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import { acceptWhisper, useWhispers, whisperTypeOf, type WhisperType } from './use-whispers';

const TYPE_COLORS: Record<WhisperType, 'primary' | 'info' | 'success' | 'warning'> = {
  planning: 'primary',
  commute: 'info',
  wellness: 'success',
  bills: 'warning',
};

/**
 * The Smart Suggestions list of the sidebar (whispers). A failed load reads like an empty list:
 * it is a background panel and must not alarm the user.
 */
export function SmartSuggestions({
  onAccept,
  onAccepted,
}: {
  onAccept?: (text: string) => void;
  onAccepted?: () => void;
}) {
  const { data, isLoading } = useWhispers();
  const [accepted, setAccepted] = useState<string[]>([]);
  const whispers = (data ?? []).filter((w) => !accepted.includes(w.id));

  return (
    <Box sx={{ px: 2, pb: 2 }} data-testid="smart-suggestions">
      <Stack direction="row" spacing={1} alignItems="center" sx={{ px: 0.5, mb: 1 }}>
        <AutoAwesomeOutlinedIcon fontSize="small" color="primary" />
        <Typography variant="subtitle2" component="h2">
          Smart Suggestions
        </Typography>
      </Stack>
      {isLoading ? (
        <Stack spacing={1}>
          <Skeleton variant="rounded" height={64} />
          <Skeleton variant="rounded" height={64} />
        </Stack>
      ) : whispers.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 0.5 }}>
          No suggestions available
        </Typography>
      ) : (
        <Stack spacing={1}>
          {whispers.map((whisper) => {
            const type = whisperTypeOf(whisper.type);
            return (
              <Paper
                key={whisper.id}
                variant="outlined"
                sx={{ p: 1.5, borderRadius: 2 }}
                data-testid="whisper-card"
              >
                <Stack spacing={1}>
                  <Chip
                    label={type}
                    size="small"
                    color={TYPE_COLORS[type]}
                    variant="outlined"
                    sx={{ alignSelf: 'flex-start', textTransform: 'capitalize' }}
                  />
                  <Typography variant="body2">{whisper.text}</Typography>
                  <Button
                    size="small"
                    variant="contained"
                    sx={{ alignSelf: 'flex-end' }}
                    onClick={() => {
                      acceptWhisper(whisper.text, onAccept);
                      setAccepted((ids) => [...ids, whisper.id]);
                      onAccepted?.();
                    }}
                  >
                    Accept
                  </Button>
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}
