import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../api/client';
import { api } from '../../api/routes';

export type FeedbackType = 'like' | 'dislike';

/** POST /api/chat/feedback: a like or dislike of an assistant message, sent once (no retry). */
export function useSendFeedback() {
  return useMutation({
    mutationFn: ({ messageId, type }: { messageId: string; type: FeedbackType }) =>
      callApi(api.chat.feedback, { messageId, feedbackType: type }),
    retry: false,
  });
}
