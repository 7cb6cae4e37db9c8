import type { RequestInputOf, ResponseOf } from '@jarvis/contracts';
import { api, type Api } from './routes';
import { callApi } from './client';

export type BookingRequest = ResponseOf<Api['calendar']['bookingRequest']>;
export type BookingSlot = BookingRequest['available_slots'][number];
export type BookingConfirmation = ResponseOf<Api['calendar']['confirmBooking']>;
export type ConfirmBookingInput = RequestInputOf<Api['calendar']['confirmBooking']>;

/** GET /api/booking-requests/:code (public). */
export function fetchBookingRequest(code: string): Promise<BookingRequest> {
  return callApi(api.calendar.bookingRequest, { code });
}

/** POST /api/booking-requests/:code/confirm {selectedSlot, bookerName, bookerEmail?} (public). */
export function confirmBooking(input: ConfirmBookingInput): Promise<BookingConfirmation> {
  return callApi(api.calendar.confirmBooking, input);
}
