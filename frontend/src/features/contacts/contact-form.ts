import type { Contact } from '@jarvis/contracts';
import type { ContactInput } from '../../api/contacts';
import { isApiError, isClientError, serverMessageOr } from '../../api/client';

export interface ContactForm {
  name: string;
  phoneNumber: string;
  email: string;
  notes: string;
}

export type ContactFormErrors = Partial<Record<keyof ContactForm, string>>;

export const EMPTY_CONTACT_FORM: ContactForm = { name: '', phoneNumber: '', email: '', notes: '' };

export function formOf(contact: Contact): ContactForm {
  return {
    name: contact.name,
    phoneNumber: contact.phone_number,
    email: contact.email ?? '',
    notes: contact.notes ?? '',
  };
}

/** Name and phone number are required (doc2 §5); the number's format and the e-mail are the server's to judge. */
export function contactFormErrors(form: ContactForm): ContactFormErrors {
  return {
    ...(form.name.trim() ? {} : { name: 'Name is required' }),
    ...(form.phoneNumber.trim() ? {} : { phoneNumber: 'Phone number is required' }),
  };
}

export function hasErrors(errors: ContactFormErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/**
 * The body to save: the number as typed ('+1 (555) 123-4567' too; telephony parses it and stores E.164, or answers
 * what is wrong with it); empty e-mail and notes are sent as null.
 */
export function toContactInput(form: ContactForm): ContactInput {
  return {
    name: form.name.trim(),
    phone_number: form.phoneNumber.trim(),
    email: form.email.trim() || null,
    notes: form.notes.trim() ? form.notes : null,
  };
}

const FIELD_OF: Record<string, keyof ContactForm> = {
  name: 'name',
  phone_number: 'phoneNumber',
  email: 'email',
  notes: 'notes',
};

/** The server's per-field messages of a 400 (`{ error, code, fields: { phone_number: [...] } }`), by form field. */
export function serverFieldErrors(error: unknown): ContactFormErrors {
  if (!isApiError(error)) return {};
  const fields = (error.body as { fields?: unknown } | undefined)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  const errors: ContactFormErrors = {};
  for (const [key, messages] of Object.entries(fields as Record<string, unknown>)) {
    const field = FIELD_OF[key];
    const first = Array.isArray(messages) ? messages.find((m) => typeof m === 'string') : undefined;
    if (field && first && !errors[field]) errors[field] = first;
  }
  return errors;
}

/** What a failure toast says: the server's message for a 4xx, else the screen's own words (doc2 §8). */
export function failureMessage(error: unknown, fallback: string): string {
  return isClientError(error) ? serverMessageOr(error, fallback) : fallback;
}
