import { api } from './routes';

/** Google sign-in is a full browser redirect, never a fetch. */
export const GOOGLE_SIGN_IN_URL = api.identity.google.path;
