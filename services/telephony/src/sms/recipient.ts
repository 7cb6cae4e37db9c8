import { parsePhoneNumberFromString } from 'libphonenumber-js';

export interface NamedNumber {
  name: string;
  phoneNumber: string;
}

/**
 * Who a drafted text is for, from the draft's context ('for Ann about dinner', 'text +1 555 123 4567'): a number
 * written in it, else the contact whose full or first name it mentions (the longest name wins).
 */
export function resolveRecipient(context: string, contacts: NamedNumber[]): NamedNumber | null {
  // Possible (not only assigned) numbers, as contacts accept them.
  const written = [...context.matchAll(/\+?\(?\d[\d\s().-]{5,}\d/g)]
    .map((m) => parsePhoneNumberFromString(m[0].trim(), 'US'))
    .find((n) => n?.isPossible());
  if (written) {
    const e164 = written.number;
    return contacts.find((c) => c.phoneNumber === e164) ?? { name: displayNumber(e164), phoneNumber: e164 };
  }
  const text = context.toLowerCase();
  const mentions = (name: string) => name.length > 1 && new RegExp(`\\b${escape(name.toLowerCase())}\\b`).test(text);
  const candidates = contacts
    .map((c) => ({ c, score: mentions(c.name) ? c.name.length + 1000 : mentions(c.name.split(/\s+/)[0]) ? c.name.split(/\s+/)[0].length : 0 }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score);
  return candidates[0]?.c ?? null;
}

/** (xxx) xxx-xxxx for US numbers, international format otherwise. */
export function displayNumber(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.countryCallingCode === '1' ? parsed.formatNational() : parsed.formatInternational();
}

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
