import { isApiError } from '../../api/client';
import { manageEmail } from '../../api/mail';
import type { ToastInput } from '../../components/toast/toast-context';
import { defineActions, errorText, failed, str, type ActionHandler } from '../chat/actions/action-kit';

const PREMIUM_FEATURE: ToastInput = {
  title: 'Premium Feature',
  description: 'Email management requires Premium or Enterprise plan',
  variant: 'destructive',
};

function requiresUpgrade(body: unknown): boolean {
  return Boolean(body && typeof body === 'object' && (body as { requiresUpgrade?: unknown }).requiresUpgrade);
}

function emailAction(
  op: 'unsubscribe' | 'trash' | 'delete' | 'spam',
  errorTitle: string,
  done: string,
): ActionHandler {
  return async (args) => {
    const messageId = str(args.messageId);
    if (!messageId) return failed(errorTitle, 'This action does not name an email.');
    try {
      const result = await manageEmail(messageId, op);
      if (requiresUpgrade(result)) return { ok: false, toast: PREMIUM_FEATURE };
      if (result?.error || result?.success === false)
        return failed(errorTitle, result?.error ?? 'The email could not be updated.');
      if (op === 'unsubscribe') {
        if (!result?.unsubscribeUrl) {
          return { ok: true, toast: { title: 'No Unsubscribe Link', description: result?.message } };
        }
        return {
          ok: true,
          openUrl: result.unsubscribeUrl,
          toast: { title: done, description: result.message, variant: 'success' },
        };
      }
      return { ok: true, toast: { title: done, description: result?.message, variant: 'success' } };
    } catch (error) {
      if (isApiError(error) && requiresUpgrade(error.body)) return { ok: false, toast: PREMIUM_FEATURE };
      return failed(errorTitle, errorText(error));
    }
  };
}

export const actions = defineActions({
  unsubscribe_email: emailAction('unsubscribe', 'Unsubscribe Error', 'Unsubscribed'),
  trash_email: emailAction('trash', 'Trash Error', 'Moved to Trash'),
  delete_email: emailAction('delete', 'Delete Error', 'Email Deleted'),
  mark_spam: emailAction('spam', 'Spam Error', 'Marked as Spam'),
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
