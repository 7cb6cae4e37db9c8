import type { User } from '@jarvis/contracts';
import type { ProfileInput } from '../../api/profile';
import { isApiError, statusOf } from '../../api/client';

export interface ProfileForm {
  username: string;
  firstName: string;
  lastName: string;
}

export type ProfileFormErrors = Partial<Record<keyof ProfileForm, string>>;

/** The bounds of the contracts' profile request (identity.ts), checked before sending. */
const USERNAME_MIN = 3;
const USERNAME_MAX = 64;
const NAME_MAX = 100;

export function profileFormOf(user: Pick<User, 'username' | 'firstName' | 'lastName'>): ProfileForm {
  return { username: user.username ?? '', firstName: user.firstName ?? '', lastName: user.lastName ?? '' };
}

/**
 * A username is 3 to 64 characters. It may stay empty only for an account that never had one (a Google sign-in),
 * which then keeps having none; names are optional, at most 100 characters.
 */
export function profileFormErrors(
  form: ProfileForm,
  { hadUsername }: { hadUsername: boolean },
): ProfileFormErrors {
  const errors: ProfileFormErrors = {};
  const username = form.username.trim();
  if (!username) {
    if (hadUsername) errors.username = 'Username is required';
  } else if (username.length < USERNAME_MIN) {
    errors.username = `Username must be at least ${USERNAME_MIN} characters long`;
  } else if (username.length > USERNAME_MAX) {
    errors.username = `Username must be at most ${USERNAME_MAX} characters long`;
  }
  if (form.firstName.trim().length > NAME_MAX) errors.firstName = `Names are at most ${NAME_MAX} characters`;
  if (form.lastName.trim().length > NAME_MAX) errors.lastName = `Names are at most ${NAME_MAX} characters`;
  return errors;
}

export function hasProfileErrors(errors: ProfileFormErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/** PUT /api/user/profile's body: an empty username is left out (kept as it is), empty names clear them. */
export function toProfileInput(form: ProfileForm): ProfileInput {
  const username = form.username.trim();
  return {
    ...(username ? { username } : {}),
    firstName: form.firstName.trim() || null,
    lastName: form.lastName.trim() || null,
  };
}

export function sameProfile(a: ProfileForm, b: ProfileForm): boolean {
  return (
    a.username.trim() === b.username.trim() &&
    a.firstName.trim() === b.firstName.trim() &&
    a.lastName.trim() === b.lastName.trim()
  );
}

/** The server's per-field messages of a 400 (`fields: { username: ['Username already taken'] }`). */
export function profileServerErrors(error: unknown): ProfileFormErrors {
  if (!isApiError(error)) return {};
  const fields = (error.body as { fields?: unknown } | undefined)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  const errors: ProfileFormErrors = {};
  for (const key of ['username', 'firstName', 'lastName'] as const) {
    const messages = (fields as Record<string, unknown>)[key];
    const first = Array.isArray(messages) ? messages.find((m) => typeof m === 'string') : undefined;
    if (typeof first === 'string') errors[key] = first;
  }
  return errors;
}

/** The failure toast's text (doc2 §8): the server's message for a 4xx, else 'Please try again later.' */
export function profileFailureMessage(error: unknown): string {
  const status = statusOf(error);
  const server = isApiError(error) ? error.serverMessage : undefined;
  return status !== undefined && status >= 400 && status < 500 && server ? server : 'Please try again later.';
}
