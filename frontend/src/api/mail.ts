import { api, type ResponseOf } from '@jarvis/contracts';
import { apiJson, apiRequest } from './client';

export type EmailStatus = ResponseOf<typeof api.mail.status>;

export function fetchEmailAuthUrl(): Promise<ResponseOf<typeof api.mail.authUrl> | null> {
  return apiJson('GET', api.mail.authUrl.path);
}

export async function disconnectEmail(): Promise<void> {
  await apiRequest('DELETE', api.mail.disconnect.path);
}
