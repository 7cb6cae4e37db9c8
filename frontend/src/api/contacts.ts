import type { RequestInputOf } from '@jarvis/contracts';
import type { Api } from './routes';

/** What a contact is saved with: name, phone_number, email, notes (doc2 §7). */
export type ContactInput = RequestInputOf<Api['telephony']['createContact']>;
