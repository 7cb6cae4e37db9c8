import type { Contact, RequestInputOf } from '@jarvis/contracts';
import { api, type Api } from './routes';
import { callApi } from './client';

/** What a contact is saved with: name, phone_number, email, notes (doc2 §7). */
export type ContactInput = RequestInputOf<Api['telephony']['createContact']>;

/** POST /api/contacts. */
export function createContact(input: ContactInput): Promise<Contact> {
  return callApi(api.telephony.createContact, input);
}

/** PUT /api/contacts/:id with the same fields. */
export function updateContact(id: string, input: ContactInput): Promise<Contact> {
  return callApi(api.telephony.updateContact, { id, ...input });
}

/** DELETE /api/contacts/:id. */
export async function deleteContact(id: string): Promise<void> {
  await callApi(api.telephony.deleteContact, { id });
}
