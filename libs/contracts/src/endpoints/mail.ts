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
/** Mail management (unsubscribe, trash, delete, spam): Premium and Enterprise; free gets 402 with requiresUpgrade. */
const manageAccess = { minTier: 'premium' } as const;

/** A message with its body: sanitised HTML for a sandboxed frame, or plain text. */
export interface MailDetail extends MailSummary {
  body: string;
  bodyFormat: 'html' | 'text';
  /** Remote images left out of `body`; ask again with `images=show` to include them. */
  remoteImagesBlocked: number;
}

export const mailEndpoints = {
  status: endpoint({
    method: 'GET', path: '/api/email/status', service: 'mail', subject: 'mail.connection.status', access: 'user',
    request: noInput, response: returns<{ connected: boolean; email: string | null }>(),
  }),
  authUrl: endpoint({
    method: 'GET', path: '/api/email/auth/url', service: 'mail', subject: 'mail.connection.authUrl', access: 'user',
    /** The page the flow starts from; the callback returns there (`?mail=connected`, or `?mailError=<reason>`). */
    request: z.object({ returnTo: z.enum(['/emails', '/account']).optional() }),
    response: returns<{ url: string }>(),
  }),
  authCallback: endpoint({
    method: 'GET', path: '/api/email/auth/callback', service: 'mail', subject: 'mail.connection.callback',
    access: 'user', request: oauthCallback, response: returns<{ location: string }>(), responseKind: 'redirect', timeoutMs: 20_000,
  }),
  disconnect: endpoint({
    method: 'DELETE', path: '/api/email/disconnect', service: 'mail', subject: 'mail.connection.disconnect',
    access: 'user', request: noInput, response: returns<{ success: true }>(),
  }),
  list: endpoint({
    method: 'GET', path: '/api/email/list', service: 'mail', subject: 'mail.messages.list', access: 'user',
    request: z.object({
      q: z.string().max(500).optional(),
      search: z.string().max(500).optional(),
      /** The `nextPageToken` of the previous page. */
      pageToken: z.string().max(500).optional(),
    }),
    timeoutMs: 20_000, response: returns<{ messages: MailSummary[]; nextPageToken?: string }>(),
  }),
  unsubscribe: endpoint({
    method: 'POST', path: '/api/email/:messageId/unsubscribe', service: 'mail', subject: 'mail.messages.unsubscribe',
    access: manageAccess, request: messageId, timeoutMs: 20_000,
    response: returns<{ success: boolean; error?: string; requiresUpgrade?: boolean; unsubscribeUrl?: string; message?: string }>(),
  }),
  trash: endpoint({
    method: 'POST', path: '/api/email/:messageId/trash', service: 'mail', subject: 'mail.messages.trash',
    access: manageAccess, request: messageId, response: manage,
  }),
  remove: endpoint({
    method: 'POST', path: '/api/email/:messageId/delete', service: 'mail', subject: 'mail.messages.delete',
    access: manageAccess, request: messageId, response: manage,
  }),
  spam: endpoint({
    method: 'POST', path: '/api/email/:messageId/spam', service: 'mail', subject: 'mail.messages.spam',
    access: manageAccess, request: messageId, response: manage,
  }),
  detail: endpoint({
    method: 'GET', path: '/api/email/:id', service: 'mail', subject: 'mail.messages.get', access: 'user',
    request: z.object({
      id: z.string().trim().min(1).max(200),
      /** `show` includes the remote images the body refers to (off by default: they tell the sender it was read). */
      images: z.enum(['show', 'hide']).default('hide'),
    }),
    timeoutMs: 20_000, response: returns<MailDetail>(),
  }),
};
