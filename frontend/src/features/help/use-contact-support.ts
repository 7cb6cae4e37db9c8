import { useMutation } from '@tanstack/react-query';
import { sendContactMessage, type ContactMessage } from '../../api/support';

/** POST /api/contact: a message to support, sent once (no retry). */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactMessage) => sendContactMessage(message),
    retry: false,
  });
}
