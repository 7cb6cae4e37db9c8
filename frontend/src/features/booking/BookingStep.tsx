import type { ReactNode } from 'react';
import Avatar from '@mui/material/Avatar';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';

/** One numbered step of the booking form; a tick once it is done. */
export function BookingStep({
  number,
  title,
  done,
  disabled = false,
  children,
}: {
  number: number;
  title: string;
  done: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={title}
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, opacity: disabled ? 0.7 : 1 }}
    >
      <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 2 }}>
        <Avatar
          sx={{
            width: 28,
            height: 28,
            fontSize: 14,
            fontWeight: 700,
            bgcolor: done ? 'success.main' : disabled ? 'action.disabledBackground' : 'primary.main',
          }}
        >
          {done ? <CheckIcon sx={{ fontSize: 18 }} /> : number}
        </Avatar>
        <Typography variant="h6" component="h2" sx={{ fontSize: '1.1rem' }}>
          {title}
        </Typography>
      </Stack>
      {children}
    </Paper>
  );
}
