import type { User } from '@jarvis/contracts';

/** The name shown in the sidebar: first and last name, else username, else e-mail. */
export function displayNameOf(user: Pick<User, 'firstName' | 'lastName' | 'username' | 'email'>): string {
  const full = [user.firstName, user.lastName]
    .filter((p) => p && p.trim())
    .join(' ')
    .trim();
  return full || user.username || user.email || 'Guest';
}

/** Up to two initials for the avatar when there is no profile image. */
export function initialsOf(user: Pick<User, 'firstName' | 'lastName' | 'username' | 'email'>): string {
  const first = user.firstName?.trim();
  const last = user.lastName?.trim();
  if (first || last) return `${first?.[0] ?? ''}${last?.[0] ?? ''}`.toUpperCase();
  const handle = (user.username || user.email || '?').trim();
  return handle.slice(0, 2).toUpperCase();
}
