import type { User } from '@jarvis/contracts';

export const TERMS_LAST_UPDATED = 'October 9, 2025';

/**
 * The terms dialog shows when a signed-in user has not accepted the terms, or when the user's e-mail
 * differs from the one recorded at acceptance while both exist (doc3 §4).
 */
export function needsTermsAcceptance(
  user: Pick<User, 'termsAccepted' | 'email' | 'termsAcceptedEmail'> | null | undefined,
): boolean {
  if (!user) return false;
  if (!user.termsAccepted) return true;
  return Boolean(user.email && user.termsAcceptedEmail && user.email !== user.termsAcceptedEmail);
}
