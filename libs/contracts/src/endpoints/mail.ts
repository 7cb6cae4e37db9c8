import { z } from 'zod';
import { endpoint, noInput, oauthCallback, returns } from '../endpoint';

export interface MailSummary {
  id: string;
  from: { name: string; email: string };
  subject: string;
  snippet: string;
  date: string;
  labelIds: string[];
  hasAttachments: boolean;
}

const messageId = z.object({ messageId: z.string().trim().min(1).max(200) });
const manage = returns<{ success: boolean; error?: string; requiresUpgrade?: boolean; message?: string }>();

export const mailEndpoints = {
  status: endpoint({
    method: 'GET', path: '/api/email/status', service: 'mail', subject: 'mail.connection.status', access: 'user',
    request: noInput, response: returns<{ connected: boolean; email: string | null }>(),
  }),
  authUrl: endpoint({
    method: 'GET', path: '/api/email/auth/url', service: 'mail', subject: 'mail.connection.authUrl', access: 'user',
    request: noInput, response: returns<{ url: string }>(),
  }),
  authCallback: endpoint({
    method: 'GET', path: '/api/email/auth/callback', service: 'mail', subject: 'mail.connection.callback',
    access: 'user', request: oauthCallback, response: returns<never>(), responseKind: 'redirect', timeoutMs: 20_000,
  }),
  disconnect: endpoint({
    method: 'DELETE', path: '/api/email/disconnect', service: 'mail', subject: 'mail.connection.disconnect',
    access: 'user', request: noInput, response: returns<{ success: true }>(),
  }),
  list: endpoint({
    method: 'GET', path: '/api/email/list', service: 'mail', subject: 'mail.messages.list', access: 'user',
    request: z.object({ q: z.string().max(500).optional(), search: z.string().max(500).optional() }),
    timeoutMs: 20_000, response: returns<{ messages: MailSummary[] }>(),
  }),
  unsubscribe: endpoint({
    method: 'POST', path: '/api/email/:messageId/unsubscribe', service: 'mail', subject: 'mail.messages.unsubscribe',
    access: 'user', request: messageId,
    response: returns<{ success: boolean; error?: string; requiresUpgrade?: boolean; unsubscribeUrl?: string; message?: string }>(),
  }),
  trash: endpoint({
    method: 'POST', path: '/api/email/:messageId/trash', service: 'mail', subject: 'mail.messages.trash',
    access: 'user', request: messageId, response: manage,
  }),
  remove: endpoint({
    method: 'POST', path: '/api/email/:messageId/delete', service: 'mail', subject: 'mail.messages.delete',
    access: 'user', request: messageId, response: manage,
  }),
  spam: endpoint({
    method: 'POST', path: '/api/email/:messageId/spam', service: 'mail', subject: 'mail.messages.spam',
    access: 'user', request: messageId, response: manage,
  }),
  detail: endpoint({
    method: 'GET', path: '/api/email/:id', service: 'mail', subject: 'mail.messages.get', access: 'user',
    request: z.object({ id: z.string().trim().min(1).max(200) }), timeoutMs: 20_000,
    response: returns<MailSummary & { body: string }>(),
  }),
};
