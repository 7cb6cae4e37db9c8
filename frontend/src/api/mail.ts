import type { ResponseOf } from '@jarvis/contracts';
import { api, type Api } from './routes';
import { callApi, type RequestOptions } from './client';

export type EmailStatus = ResponseOf<Api['mail']['status']>;
export type EmailManageResult = ResponseOf<Api['mail']['unsubscribe']>;
export type EmailOperation = 'unsubscribe' | 'trash' | 'delete' | 'spam';

/** Where the flow starts, so the callback comes back there with `?mail=connected` or `?mailError=<reason>`. */
export type MailReturnTo = '/emails' | '/account';

export function fetchEmailAuthUrl(
  returnTo?: MailReturnTo,
): Promise<ResponseOf<Api['mail']['authUrl']> | null> {
  return callApi(api.mail.authUrl, { returnTo });
}

export async function disconnectEmail(): Promise<void> {
  await callApi(api.mail.disconnect);
}

const EMAIL_OPERATION_ROUTES = {
  unsubscribe: api.mail.unsubscribe,
  trash: api.mail.trash,
  delete: api.mail.remove,
  spam: api.mail.spam,
} as const;

/** POST /api/email/:messageId/{unsubscribe|trash|delete|spam}. */
export function manageEmail(messageId: string, operation: EmailOperation): Promise<EmailManageResult> {
  return callApi(EMAIL_OPERATION_ROUTES[operation], { messageId });
}

export type EmailList = ResponseOf<Api['mail']['list']>;
export type EmailMessage = ResponseOf<Api['mail']['detail']>;

/** GET /api/email/list?q=&pageToken=: Gmail search syntax passes through; blank lists the newest 25. */
export function listEmails(q: string, pageToken?: string, options?: RequestOptions): Promise<EmailList> {
  return callApi(api.mail.list, { q: q.trim() || undefined, pageToken }, options);
}

/** GET /api/email/:id?images=show|hide: the summary plus the sanitised body, remote images left out unless shown. */
export function fetchEmail(id: string, showImages: boolean, options?: RequestOptions): Promise<EmailMessage> {
  return callApi(api.mail.detail, { id, images: showImages ? 'show' : 'hide' }, options);
}
