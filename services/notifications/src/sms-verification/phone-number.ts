/** The SMS number as typed ('+1 (555) 123-4567') in E.164 ('+15551234567'); null when it cannot be one. */
export function toE164(typed: string): string | null {
  const compact = typed.replace(/[\s().-]/g, '');
  return /^\+[1-9]\d{6,14}$/.test(compact) ? compact : null;
}
