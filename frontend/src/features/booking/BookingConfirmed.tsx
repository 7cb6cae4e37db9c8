import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import type { ReactNode } from 'react';

export interface ConfirmedBooking {
  title: string;
  durationMinutes: number;
  start: string;
  displayText: string;
  name: string;
  email: string;
}

function Detail({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1.5} alignItems="center">
      <Box sx={{ color: 'text.secondary', display: 'flex' }}>{icon}</Box>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{children}</Typography>
    </Stack>
  );
}

/** The last screen: what was booked, for whom. */
export function BookingConfirmed({ booking }: { booking: ConfirmedBooking }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, sm: 5 }, borderRadius: 4, textAlign: 'center' }}
      data-testid="booking-confirmed"
    >
      <CheckCircleIcon color="success" sx={{ fontSize: 64, mb: 1 }} />
      <Typography variant="h5" component="h1">
        Booking Confirmed
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        You&apos;re all set, {booking.name}. See you then!
      </Typography>
      <Divider sx={{ my: 3 }} />
      <Stack spacing={1.5} sx={{ textAlign: 'left', maxWidth: 360, mx: 'auto' }}>
        <Detail icon={<EventOutlinedIcon />}>{booking.title}</Detail>
        <Detail icon={<AccessTimeIcon />}>
          {booking.displayText} ({booking.durationMinutes} minutes)
        </Detail>
        <Detail icon={<PersonOutlineIcon />}>
          {booking.name}
          {booking.email ? ` · ${booking.email}` : ''}
        </Detail>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        You can close this page now.
      </Typography>
    </Paper>
  );
}
