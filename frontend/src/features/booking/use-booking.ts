import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  confirmBooking,
  fetchBookingRequest,
  type BookingRequest,
  type ConfirmBookingInput,
} from '../../api/booking';
import { queryKeys } from '../../api/query-keys';

/** GET /api/booking-requests/:code (public): an unknown code answers 404, which is never retried. */
export function useBookingRequest(code: string) {
  return useQuery<BookingRequest>({
    queryKey: queryKeys.bookingRequest(code),
    queryFn: () => fetchBookingRequest(code),
    enabled: Boolean(code),
  });
}

/** POST /api/booking-requests/:code/confirm; after a refusal the offered slots are read again. */
export function useConfirmBooking(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<ConfirmBookingInput, 'code'>) => confirmBooking({ code, ...input }),
    retry: false,
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.bookingRequest(code) }),
  });
}
