import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha, keyframes } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useDocumentTitle } from '../../components/use-document-title';

const pulse = keyframes`
  0%, 100% { transform: scale(1); }
  50% { transform: scale(1.06); }
`;

/** /orb (signed-in only): the voice orb. The orb itself arrives with the voice issue. */
export function OrbPage() {
  useDocumentTitle('Voice Orb — Jarvis');
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 3 }}
    >
      <Stack spacing={3} alignItems="center" textAlign="center" sx={{ maxWidth: 480 }}>
        <Box
          aria-hidden
          sx={(theme) => ({
            width: 180,
            height: 180,
            borderRadius: '50%',
            background: `radial-gradient(circle at 35% 30%, ${alpha(theme.palette.common.white, 0.7)}, ${theme.palette.primary.main} 45%, ${theme.palette.secondary.main})`,
            boxShadow: `0 0 80px ${alpha(theme.palette.primary.main, 0.5)}`,
            animation: `${pulse} 3s ease-in-out infinite`,
          })}
        />
        <Stack direction="row" spacing={1} alignItems="center">
          <Typography variant="h4" component="h1">
            Voice Orb
          </Typography>
          <Chip label="Coming soon" size="small" color="primary" variant="outlined" />
        </Stack>
        <Typography color="text.secondary">
          A full-screen voice conversation with Jarvis is on its way. Until then, use &quot;Hey Jarvis&quot;
          in chat.
        </Typography>
        <Button component={RouterLink} to="/" variant="contained" startIcon={<ArrowBackIcon />}>
          Back to Jarvis
        </Button>
      </Stack>
    </Box>
  );
}
