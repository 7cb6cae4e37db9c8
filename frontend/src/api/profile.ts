import type { RequestInputOf, User } from '@jarvis/contracts';
import { api, type Api } from './routes';
import { callApi } from './client';

/** What the profile is saved with: username (left out to keep it), first and last name (null clears). */
export type ProfileInput = RequestInputOf<Api['identity']['updateProfile']>;

/** PUT /api/user/profile: answers the updated user. */
export function updateProfile(input: ProfileInput): Promise<User> {
  return callApi(api.identity.updateProfile, input);
}

/** What a password is set or changed with: the new one, and the current one when the account has one. */
export type ChangePasswordInput = RequestInputOf<Api['identity']['changePassword']>;

/** POST /api/auth/password: answers the user (hasPassword now true); the account's other sessions end. */
export function changePassword(input: ChangePasswordInput): Promise<User> {
  return callApi(api.identity.changePassword, input);
}
