import { callApi, isApiError } from '../../api/client';
import type { EmailManageResult, EmailOperation } from '../../api/mail';
import { api } from '../../api/routes';
import type { ToastInput } from '../../components/toast/toast-context';
import { isMailConnectionExpired } from './mail-errors';

/** What one management call ended with: the toast to show and, for an unsubscribe, a page to open. */
export interface EmailOperationOutcome {
  ok: boolean;
  toast: ToastInput;
  openUrl?: string;
  /** Google no longer honours the grant (401 MAIL_CONNECTION_EXPIRED): the Emails page asks to reconnect. */
  expired?: boolean;
}

/** doc1 §8. */
export const PREMIUM_FEATURE: ToastInput = {
  title: 'Premium Feature',
  description: 'Email management requires Premium or Enterprise plan',
  variant: 'destructive',
};

export const EMAIL_OPERATION_TEXTS: Record<EmailOperation, { done: string; error: string; label: string }> = {
  unsubscribe: { done: 'Unsubscribed', error: 'Unsubscribe Error', label: 'Unsubscribe' },
  trash: { done: 'Moved to Trash', error: 'Trash Error', label: 'Trash' },
  delete: { done: 'Email Deleted', error: 'Delete Error', label: 'Delete' },
  spam: { done: 'Marked as Spam', error: 'Spam Error', label: 'Spam' },
};

function requiresUpgrade(body: unknown): boolean {
  return Boolean(body && typeof body === 'object' && (body as { requiresUpgrade?: unknown }).requiresUpgrade);
}

function errorTextOf(error: unknown): string {
  if (isApiError(error)) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** The outcome of an answer that arrived (HTTP 200): plan gate, no link, failure or done. */
export function emailOperationOutcome(
  op: EmailOperation,
  result: EmailManageResult | null,
): EmailOperationOutcome {
  const texts = EMAIL_OPERATION_TEXTS[op];
  if (requiresUpgrade(result)) return { ok: false, toast: PREMIUM_FEATURE };
  if (op === 'unsubscribe' && result?.success === false) {
    // 'No unsubscribe link found': the message has no List-Unsubscribe header.
    if (!result.error || /unsubscribe link/i.test(result.error))
      return {
        ok: false,
        toast: { title: 'No Unsubscribe Link', description: result.error ?? 'No unsubscribe link found' },
      };
  }
  if (!result || result.success === false || result.error) {
    return {
      ok: false,
      toast: {
        title: texts.error,
        description: result?.error ?? 'The email could not be updated.',
        variant: 'destructive',
      },
    };
  }
  // The link is opened only for a success that carries one (doc1 §5); otherwise the server already unsubscribed.
  if (op === 'unsubscribe' && 'unsubscribeUrl' in result && result.unsubscribeUrl) {
    return {
      ok: true,
      openUrl: result.unsubscribeUrl,
      toast: {
        title: texts.done,
        description: result.message ?? 'The unsubscribe page opened in a new tab.',
        variant: 'success',
      },
    };
  }
  return { ok: true, toast: { title: texts.done, description: result.message, variant: 'success' } };
}

const EMAIL_OPERATION_ROUTES = {
  unsubscribe: api.mail.unsubscribe,
  trash: api.mail.trash,
  delete: api.mail.remove,
  spam: api.mail.spam,
} as const;

/** POST /api/email/:messageId/{op}; a 402 with requiresUpgrade is the plan gate, any other throw a red toast. */
export async function runEmailOperation(
  messageId: string,
  op: EmailOperation,
): Promise<EmailOperationOutcome> {
  try {
    return emailOperationOutcome(op, await callApi(EMAIL_OPERATION_ROUTES[op], { messageId }));
  } catch (error) {
    if (isApiError(error) && requiresUpgrade(error.body)) return { ok: false, toast: PREMIUM_FEATURE };
    if (isMailConnectionExpired(error))
      return {
        ok: false,
        expired: true,
        toast: { title: 'Gmail connection expired', description: errorTextOf(error), variant: 'destructive' },
      };
    return {
      ok: false,
      toast: {
        title: EMAIL_OPERATION_TEXTS[op].error,
        description: errorTextOf(error),
        variant: 'destructive',
      },
    };
  }
}
