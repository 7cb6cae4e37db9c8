import type { RequestInputOf } from '@jarvis/contracts';
import type { Api } from './routes';

/** What the profile is saved with: username (left out to keep it), first and last name (null clears). */
export type ProfileInput = RequestInputOf<Api['identity']['updateProfile']>;

/** What a password is set or changed with: the new one, and the current one when the account has one. */
export type ChangePasswordInput = RequestInputOf<Api['identity']['changePassword']>;
