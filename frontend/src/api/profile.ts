import type { RequestInputOf, User } from '@jarvis/contracts';
import { api, type Api } from './routes';
import { callApi } from './client';

/** What the profile is saved with: username (left out to keep it), first and last name (null clears). */
export type ProfileInput = RequestInputOf<Api['identity']['updateProfile']>;

/** PUT /api/user/profile: answers the updated user. */
export function updateProfile(input: ProfileInput): Promise<User> {
  return callApi(api.identity.updateProfile, input);
}
