import { useMutation } from '@tanstack/react-query';
import { sendFeedback } from '../../api/chat';

export type FeedbackType = 'like' | 'dislike';

/** POST /api/chat/feedback: a like or dislike of an assistant message, sent once (no retry). */
export function useSendFeedback() {
  return useMutation({
    mutationFn: ({ messageId, type }: { messageId: string; type: FeedbackType }) =>
      sendFeedback(messageId, type),
    retry: false,
  });
}
