import { ConflictError, NotFoundError, ValidationError } from '@jarvis/contracts';

/** An unknown booking code (the page shows 'Booking Not Found'). */
export const BookingLinkNotFound = () => new NotFoundError('Booking link');

/** Another visitor confirmed the slot first. */
export const SlotTaken = () => new ConflictError('This time was just taken. Please choose another.');

/** A slot that is not offered (outside booking hours, past, malformed). */
const NOT_OFFERED = 'This time is not available. Please choose another.';
export const SlotNotOffered = () => new ValidationError(NOT_OFFERED, { selectedSlot: [NOT_OFFERED] });
