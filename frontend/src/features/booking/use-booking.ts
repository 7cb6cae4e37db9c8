import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingRequest } from '../../api/booking';
import { callApi, type InputOf } from '../../api/client';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';

/** GET /api/booking-requests/:code (public): an unknown code answers 404, which is never retried. */
export function useBookingRequest(code: string) {
  return useQuery<BookingRequest>({
    queryKey: queryKeyOf(api.calendar.bookingRequest, { code }),
    queryFn: () => callApi(api.calendar.bookingRequest, { code }),
    enabled: Boolean(code),
  });
}

/** POST /api/booking-requests/:code/confirm; after a refusal the offered slots are read again. */
export function useConfirmBooking(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<InputOf<typeof api.calendar.confirmBooking>, 'code'>) =>
      callApi(api.calendar.confirmBooking, { code, ...input }),
    retry: false,
    onError: () =>
      queryClient.invalidateQueries({ queryKey: queryKeyOf(api.calendar.bookingRequest, { code }) }),
  });
}
