import type { ResponseOf } from '@jarvis/contracts';
import type { Api } from './routes';

export type EmailStatus = ResponseOf<Api['mail']['status']>;
export type EmailManageResult = ResponseOf<Api['mail']['unsubscribe']>;
export type EmailOperation = 'unsubscribe' | 'trash' | 'delete' | 'spam';
export type EmailList = ResponseOf<Api['mail']['list']>;
export type EmailMessage = ResponseOf<Api['mail']['detail']>;

/** Where the flow starts, so the callback comes back there with `?mail=connected` or `?mailError=<reason>`. */
export type MailReturnTo = '/emails' | '/account';
