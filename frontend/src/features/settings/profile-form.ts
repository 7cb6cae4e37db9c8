import { api as contracts, type User } from '@jarvis/contracts';
import type { ProfileInput } from '../../api/profile';
import { isApiError, statusOf } from '../../api/client';
import {
  contractFormErrors,
  defineContractForm,
  serverFormErrors,
  type FormErrors,
} from '../../forms/contract-form';

export interface ProfileForm {
  username: string;
  firstName: string;
  lastName: string;
}

export type ProfileFormErrors = FormErrors<ProfileForm>;

export function profileFormOf(user: Pick<User, 'username' | 'firstName' | 'lastName'>): ProfileForm {
  return { username: user.username ?? '', firstName: user.firstName ?? '', lastName: user.lastName ?? '' };
}

/**
 * Checked in the browser by identity.updateProfile's own rules: a username is 3 to 64 characters, names at most 100.
 * A username may stay empty only for an account that never had one (a Google sign-in), which then keeps having none;
 * an account that has one must keep one.
 */
export function profileForm({ hadUsername }: { hadUsername: boolean }) {
  return defineContractForm({
    schema: contracts.identity.updateProfile.request,
    toInput: toProfileInput,
    refine: (form: ProfileForm) => ({
      username: hadUsername && !form.username.trim() ? 'Username is required' : undefined,
    }),
  });
}

export function profileFormErrors(form: ProfileForm, context: { hadUsername: boolean }): ProfileFormErrors {
  return contractFormErrors(profileForm(context), form);
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
  return serverFormErrors({}, error, ['username', 'firstName', 'lastName']);
}

/** The failure toast's text (doc2 §8): the server's message for a 4xx, else 'Please try again later.' */
export function profileFailureMessage(error: unknown): string {
  const status = statusOf(error);
  const server = isApiError(error) ? error.serverMessage : undefined;
  return status !== undefined && status >= 400 && status < 500 && server ? server : 'Please try again later.';
}
