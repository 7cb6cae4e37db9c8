import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import { JarvisAvatar } from './JarvisAvatar';

/** The typing indicator's texts (doc1 §2), shown in turn while Jarvis works on a reply. */
export const TYPING_TEXTS = ['Jarvis is thinking...', 'Thinking...', 'Processing...'] as const;
const ROTATE_MS = 1_800;

const bounce = keyframes`
  0%, 80%, 100% { transform: translateY(0); opacity: 0.4; }
  40% { transform: translateY(-4px); opacity: 1; }
`;

export function TypingIndicator() {
  const [step, setStep] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setStep((s) => (s + 1) % TYPING_TEXTS.length), ROTATE_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Stack direction="row" spacing={1.5} alignItems="center" data-testid="typing-indicator" role="status">
      <JarvisAvatar />
      <Stack
        direction="row"
        spacing={1}
        alignItems="center"
        sx={{
          px: 2,
          py: 1.25,
          borderRadius: 3,
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
        }}
      >
        <Stack direction="row" spacing={0.5} aria-hidden>
          {[0, 1, 2].map((i) => (
            <Box
              key={i}
              sx={{
                width: 6,
                height: 6,
                borderRadius: '50%',
                bgcolor: 'primary.main',
                animation: `${bounce} 1.2s ${i * 0.15}s infinite ease-in-out`,
              }}
            />
          ))}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {TYPING_TEXTS[step]}
        </Typography>
      </Stack>
    </Stack>
  );
}
