import type { RequestInputOf } from '@jarvis/contracts';
import { api, type Api } from './routes';
import { callApi } from './client';

export type ContactMessage = RequestInputOf<Api['notifications']['contact']>;

/** POST /api/contact: a support message (owned by the notifications service). */
export async function sendContactMessage(message: ContactMessage): Promise<void> {
  await callApi(api.notifications.contact, message);
}
