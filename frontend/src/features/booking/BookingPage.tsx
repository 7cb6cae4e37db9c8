import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import EventBusyOutlinedIcon from '@mui/icons-material/EventBusyOutlined';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import PublicIcon from '@mui/icons-material/Public';
import { serverMessageOr, statusOf } from '../../api/client';
import type { BookingRequest, BookingSlot } from '../../api/booking';
import { LoadFailed } from '../../components/ListStates';
import { LoadingState } from '../../components/LoadingState';
import { PublicPageLayout } from '../../components/PublicPageLayout';
import { useToast } from '../../components/toast/toast-context';
import { useDocumentTitle } from '../../components/use-document-title';
import { BookingConfirmed, type ConfirmedBooking } from './BookingConfirmed';
import { BookingStep } from './BookingStep';
import { DatePicker, SlotPicker } from './BookingPickers';
import { bookingDays } from './booking-slots';
import { useBookingRequest, useConfirmBooking } from './use-booking';

const TAKEN = 'This time was just taken. Please choose another.';

function NoticeCard({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 4, textAlign: 'center' }}>
      <Box sx={{ color: 'text.secondary', mb: 1 }}>{icon}</Box>
      <Typography variant="h6" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {text}
      </Typography>
    </Paper>
  );
}

/** /book/:code (doc3 §2): a visitor picks a date, then a time, gives a name and maybe an e-mail, and confirms. */
export function BookingPage() {
  useDocumentTitle('Book a time \u2014 Jarvis');
  const { code = '' } = useParams();
  const query = useBookingRequest(code);
  const [confirmed, setConfirmed] = useState<ConfirmedBooking | null>(null);

  let content;
  if (confirmed) content = <BookingConfirmed booking={confirmed} />;
  else if (query.isPending) content = <LoadingState label="Loading available times" />;
  else if (query.isError)
    content =
      statusOf(query.error) === 404 ? (
        <NoticeCard
          icon={<LinkOffIcon fontSize="large" />}
          title="Booking Not Found"
          text="This booking link is invalid or has expired."
        />
      ) : (
        <LoadFailed what="available times" onRetry={() => void query.refetch()} />
      );
  else content = <BookingForm code={code} request={query.data} onConfirmed={setConfirmed} />;

  return (
    <PublicPageLayout backLabel="Home" maxWidth="sm">
      <Box data-testid="booking-page">{content}</Box>
    </PublicPageLayout>
  );
}

function BookingForm({
  code,
  request,
  onConfirmed,
}: {
  code: string;
  request: BookingRequest;
  onConfirmed: (booking: ConfirmedBooking) => void;
}) {
  const { toast } = useToast();
  const days = useMemo(() => bookingDays(request.available_slots), [request.available_slots]);
  const [dayKey, setDayKey] = useState<string | null>(null);
  const [slot, setSlot] = useState<BookingSlot | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [nameMissing, setNameMissing] = useState(false);
  const confirm = useConfirmBooking(code);
  const day = days.find((d) => d.key === dayKey) ?? null;

  const chooseDay = (key: string) => {
    setDayKey(key);
    setSlot(null); // doc3 §4: choosing a date clears the slot.
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (confirm.isPending) return;
    if (!slot) {
      toast({
        title: 'No Time Selected',
        description: 'Please select a time slot to continue',
        variant: 'destructive',
      });
      return;
    }
    if (!name.trim()) {
      setNameMissing(true);
      toast({
        title: 'Name Required',
        description: 'Please enter your name to continue',
        variant: 'destructive',
      });
      return;
    }
    try {
      const result = await confirm.mutateAsync({
        selectedSlot: slot.start,
        bookerName: name.trim(),
        bookerEmail: email.trim() || undefined,
      });
      onConfirmed({
        title: request.title,
        durationMinutes: request.duration_minutes,
        start: result?.start ?? slot.start,
        displayText: slot.displayText,
        name: name.trim(),
        email: email.trim(),
      });
    } catch (error) {
      if (statusOf(error) === 409) {
        setSlot(null);
        toast({
          title: 'Booking Failed',
          description: serverMessageOr(error, TAKEN),
          variant: 'destructive',
        });
        return;
      }
      const status = statusOf(error) ?? 500;
      toast({
        title: 'Booking Failed',
        description:
          status >= 400 && status < 500
            ? serverMessageOr(error, 'Failed to confirm booking. Please try again.')
            : 'Failed to confirm booking. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(e) => void submit(e)}
      spacing={2.5}
      aria-label="Book a time"
    >
      <Box>
        <Typography variant="overline" color="text.secondary">
          Book a time
        </Typography>
        <Typography
          variant="h4"
          component="h1"
          sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, overflowWrap: 'anywhere' }}
        >
          {request.title}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1.5 }} flexWrap="wrap" useFlexGap>
          <Chip icon={<AccessTimeIcon />} label={`${request.duration_minutes} minutes`} variant="outlined" />
          <Chip icon={<PublicIcon />} label="Eastern Time (ET)" variant="outlined" />
        </Stack>
      </Box>

      {days.length === 0 ? (
        <NoticeCard
          icon={<EventBusyOutlinedIcon fontSize="large" />}
          title="No times available"
          text="There are no open times in the next two weeks. Please contact the person who sent you this link."
        />
      ) : (
        <>
          <BookingStep number={1} title="Choose a date" done={Boolean(day)}>
            <DatePicker days={days} selected={dayKey} onSelect={chooseDay} />
          </BookingStep>
          <BookingStep number={2} title="Choose a time" done={Boolean(slot)} disabled={!day}>
            {day ? (
              <SlotPicker day={day} selected={slot} onSelect={setSlot} />
            ) : (
              <Typography variant="body2" color="text.secondary">
                Pick a date first to see its open times.
              </Typography>
            )}
          </BookingStep>
          <BookingStep number={3} title="Your details" done={false}>
            <Stack spacing={2}>
              <TextField
                label="Name"
                required
                fullWidth
                autoComplete="name"
                value={name}
                onChange={(e) => {
                  setName(e.target.value);
                  if (e.target.value.trim()) setNameMissing(false);
                }}
                error={nameMissing}
                helperText={nameMissing ? 'Please enter your name to continue' : undefined}
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
              <TextField
                label="Email (optional)"
                type="email"
                fullWidth
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                slotProps={{ htmlInput: { maxLength: 254 } }}
              />
            </Stack>
          </BookingStep>
          <Paper
            variant="outlined"
            sx={{ p: 2, borderRadius: 3, bgcolor: 'action.hover' }}
            data-testid="booking-summary"
          >
            <Typography variant="body2" color="text.secondary">
              {slot ? 'Your time' : 'No time selected yet'}
            </Typography>
            {slot && <Typography sx={{ fontWeight: 600 }}>{slot.displayText}</Typography>}
          </Paper>
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={confirm.isPending}
            startIcon={confirm.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
            sx={{ py: 1.5 }}
          >
            {confirm.isPending ? 'Confirming...' : 'Confirm Booking'}
          </Button>
        </>
      )}
    </Stack>
  );
}
