import { api, type RequestInputOf } from '@jarvis/contracts';
import { apiRequest } from './client';

export type ContactMessage = RequestInputOf<typeof api.notifications.contact>;

/** POST /api/contact: a support message (owned by the notifications service). */
export async function sendContactMessage(message: ContactMessage): Promise<void> {
  await apiRequest('POST', api.notifications.contact.path, message);
}
