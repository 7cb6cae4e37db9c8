import type { ResponseOf } from '@jarvis/contracts';
import type { Api } from './routes';

export type BookingRequest = ResponseOf<Api['calendar']['bookingRequest']>;
export type BookingSlot = BookingRequest['available_slots'][number];
