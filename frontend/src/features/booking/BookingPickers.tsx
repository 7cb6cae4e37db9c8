import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { BookingSlot } from '../../api/booking';
import { slotTime, type BookingDay } from './booking-slots';

const choiceSx = (selected: boolean) =>
  ({
    borderRadius: 2,
    border: 1,
    borderColor: selected ? 'primary.main' : 'divider',
    bgcolor: selected ? 'primary.main' : 'background.paper',
    color: selected ? 'primary.contrastText' : 'text.primary',
    transition: 'background-color 120ms, border-color 120ms',
    '&:hover': { borderColor: 'primary.main', bgcolor: selected ? 'primary.dark' : 'action.hover' },
    '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
  }) as const;

/** Step 1: one button a day that has open times. */
export function DatePicker({
  days,
  selected,
  onSelect,
}: {
  days: readonly BookingDay[];
  selected: string | null;
  onSelect: (key: string) => void;
}) {
  return (
    <Box
      role="radiogroup"
      aria-label="Date"
      sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(84px, 1fr))' }}
    >
      {days.map((day) => {
        const on = day.key === selected;
        return (
          <ButtonBase
            key={day.key}
            role="radio"
            aria-checked={on}
            aria-label={day.label}
            onClick={() => onSelect(day.key)}
            sx={{ ...choiceSx(on), flexDirection: 'column', py: 1.25, px: 0.5, minHeight: 84 }}
          >
            <Typography variant="caption" sx={{ textTransform: 'uppercase', opacity: 0.8, fontWeight: 600 }}>
              {day.weekday}
            </Typography>
            <Typography sx={{ fontSize: '1.35rem', fontWeight: 700, lineHeight: 1.2 }}>{day.day}</Typography>
            <Typography variant="caption" sx={{ opacity: 0.8 }}>
              {day.month}
            </Typography>
          </ButtonBase>
        );
      })}
    </Box>
  );
}

/** Step 2: the open times of the chosen day. */
export function SlotPicker({
  day,
  selected,
  onSelect,
}: {
  day: BookingDay;
  selected: BookingSlot | null;
  onSelect: (slot: BookingSlot) => void;
}) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {day.label}
      </Typography>
      <Box
        role="radiogroup"
        aria-label="Time"
        sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))' }}
      >
        {day.slots.map((slot) => {
          const on = slot.start === selected?.start;
          return (
            <ButtonBase
              key={slot.start}
              role="radio"
              aria-checked={on}
              aria-label={slot.displayText}
              onClick={() => onSelect(slot)}
              sx={{ ...choiceSx(on), py: 1.25, fontWeight: 600, fontSize: '0.95rem' }}
            >
              {slotTime(slot)}
            </ButtonBase>
          );
        })}
      </Box>
    </Box>
  );
}
