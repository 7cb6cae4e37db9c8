import { isApiError, statusOf } from '../../api/client';
import { fieldErrorsOf } from '../../forms/field-errors';

/** The contracts' E.164 rule for a phone line: a plus, a country code and 7 to 15 digits in all. */
const E164 = /^\+[1-9]\d{6,14}$/;
export const E164_MESSAGE = 'Use international format with country code, e.g. +1234567890';

/** The number as the server takes it: spaces, dots, dashes and brackets dropped ('+1 (555) 010-0100'). */
export function cleanPhoneNumber(text: string): string {
  return text.replace(/[\s().-]/g, '');
}

/** What is wrong with a number typed to claim, or null when it can be sent. */
export function claimNumberError(text: string): string | null {
  const number = cleanPhoneNumber(text);
  if (!number) return 'Enter the number to claim';
  return E164.test(number) ? null : E164_MESSAGE;
}

export interface PhoneLineFailure {
  message: string;
  /** 402: a new number needs the premium or enterprise plan. */
  needsUpgrade: boolean;
  /** The server's word about the typed number (a 400 on phoneNumber), for under the field. */
  fieldError?: string;
}

/**
 * What the card says when a claim or release fails. The server's own text for a 4xx and for a 503, which names the
 * variables an operator must set when Twilio is not configured; the card's fallback for anything else.
 */
export function phoneLineFailure(error: unknown, fallback: string): PhoneLineFailure {
  const status = statusOf(error);
  const readable = status !== undefined && ((status >= 400 && status < 500) || status === 503);
  const server = isApiError(error) ? error.serverMessage : undefined;
  const field = fieldErrorsOf(error).phoneNumber;
  return {
    message: (readable && server) || fallback,
    needsUpgrade: status === 402,
    ...(field ? { fieldError: field } : {}),
  };
}
