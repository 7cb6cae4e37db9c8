import type { RequestInputOf } from '@jarvis/contracts';
import type { Api } from './routes';

/** What POST /api/contact takes: a support message (owned by the notifications service). */
export type ContactMessage = RequestInputOf<Api['notifications']['contact']>;
