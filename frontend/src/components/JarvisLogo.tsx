import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';

/** The product mark: a ring in the theme's gradient, and the name. */
export function JarvisLogo({ size = 32, withName = true }: { size?: number; withName?: boolean }) {
  return (
    <Stack direction="row" spacing={1.25} alignItems="center">
      <Box
        aria-hidden
        sx={(theme) => ({
          width: size,
          height: size,
          borderRadius: size / 3.5,
          display: 'grid',
          placeItems: 'center',
          background: `linear-gradient(135deg, ${theme.palette.primary.main}, ${theme.palette.secondary.main})`,
          boxShadow: `0 4px 14px ${alpha(theme.palette.primary.main, 0.35)}`,
        })}
      >
        <Box
          sx={{
            width: size * 0.46,
            height: size * 0.46,
            borderRadius: '50%',
            border: `${Math.max(2, size / 14)}px solid`,
            borderColor: 'common.white',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          <Box
            sx={{ width: size * 0.14, height: size * 0.14, borderRadius: '50%', bgcolor: 'common.white' }}
          />
        </Box>
      </Box>
      {withName && (
        <Typography variant="h6" component="span" sx={{ fontWeight: 800, letterSpacing: '-0.01em' }}>
          Jarvis
        </Typography>
      )}
    </Stack>
  );
}
