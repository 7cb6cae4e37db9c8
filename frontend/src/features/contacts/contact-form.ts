import { api as contracts, type Contact } from '@jarvis/contracts';
import { isClientError, serverMessageOr } from '../../api/client';
import {
  contractFormErrors,
  defineContractForm,
  serverFormErrors,
  type FormErrors,
} from '../../forms/contract-form';

export interface ContactForm {
  name: string;
  phoneNumber: string;
  email: string;
  notes: string;
}

export type ContactFormErrors = FormErrors<ContactForm>;

export const EMPTY_CONTACT_FORM: ContactForm = { name: '', phoneNumber: '', email: '', notes: '' };

export function formOf(contact: Contact): ContactForm {
  return {
    name: contact.name,
    phoneNumber: contact.phone_number,
    email: contact.email ?? '',
    notes: contact.notes ?? '',
  };
}

/**
 * The body to save: the number as typed ('+1 (555) 123-4567' too; telephony parses it and stores E.164, or answers
 * what is wrong with it); empty e-mail and notes are sent as null.
 */
export function toContactInput(form: ContactForm) {
  return {
    name: form.name.trim(),
    phone_number: form.phoneNumber.trim(),
    email: form.email.trim() || null,
    notes: form.notes.trim() ? form.notes : null,
  };
}

/**
 * Checked in the browser by the contract's own rules for name and number (both required, doc2 §5); the number's
 * format and the e-mail are the server's to judge (it parses the number as typed).
 */
export const contactForm = defineContractForm({
  schema: contracts.telephony.createContact.request,
  checks: ['name', 'phone_number'],
  toInput: toContactInput,
  fields: { phone_number: 'phoneNumber' },
});

export function contactFormErrors(form: ContactForm): ContactFormErrors {
  return contractFormErrors(contactForm, form);
}

/** The server's per-field messages of a 400 (`{ error, code, fields: { phone_number: [...] } }`), by form field. */
export function serverFieldErrors(error: unknown): ContactFormErrors {
  return serverFormErrors(contactForm, error, Object.keys(EMPTY_CONTACT_FORM));
}

/** What a failure toast says: the server's message for a 4xx, else the screen's own words (doc2 §8). */
export function failureMessage(error: unknown, fallback: string): string {
  return isClientError(error) ? serverMessageOr(error, fallback) : fallback;
}
