import type { ResponseOf } from '@jarvis/contracts';
import { api, type Api } from './routes';
import { callApi } from './client';

export type EmailStatus = ResponseOf<Api['mail']['status']>;
export type EmailManageResult = ResponseOf<Api['mail']['unsubscribe']>;
export type EmailOperation = 'unsubscribe' | 'trash' | 'delete' | 'spam';

export function fetchEmailAuthUrl(): Promise<ResponseOf<Api['mail']['authUrl']> | null> {
  return callApi(api.mail.authUrl);
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
