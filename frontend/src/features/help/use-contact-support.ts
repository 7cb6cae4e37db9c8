import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { api } from '../../api/routes';
import type { ContactMessage } from '../../api/support';

/** POST /api/contact: a message to support, sent once (no retry). */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactMessage) => callApi(api.notifications.contact, message),
    retry: false,
  });
}
