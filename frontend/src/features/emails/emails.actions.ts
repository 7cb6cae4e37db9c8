import type { EmailOperation } from '../../api/mail';
import { queryKeyOf } from '../../api/query-keys';
import { api } from '../../api/routes';
import { defineActions, failed, str, type ActionHandler } from '../chat-kit/action-kit';
import { EMAIL_OPERATION_TEXTS, runEmailOperation } from './email-management';

/** unsubscribe_email, trash_email, delete_email, mark_spam {messageId}: the endpoints of the /emails page. */
function emailAction(op: EmailOperation): ActionHandler {
  return async (args) => {
    const messageId = str(args.messageId);
    if (!messageId) return failed(EMAIL_OPERATION_TEXTS[op].error, 'This action does not name an email.');
    const outcome = await runEmailOperation(messageId, op);
    return {
      ...outcome,
      invalidate: outcome.ok && op !== 'unsubscribe' ? [queryKeyOf(api.mail.list)] : undefined,
    };
  };
}

export const actions = defineActions({
  unsubscribe_email: emailAction('unsubscribe'),
  trash_email: emailAction('trash'),
  delete_email: emailAction('delete'),
  mark_spam: emailAction('spam'),
  draft_email: (args) => ({
    ok: true,
    toast: { title: 'Email Drafted', description: 'Your draft is below.', variant: 'success' },
    card: {
      kind: 'email_draft',
      subject: str(args.subject),
      message: str(args.message),
      context: str(args.context),
    },
  }),
});
