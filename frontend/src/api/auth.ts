import type { RequestInputOf, ThemeColor, ThemeMode } from '@jarvis/contracts';
import { api, type Api } from './routes';
import { callApi } from './client';

const identity = api.identity;
type Identity = Api['identity'];

export type RegisterInput = RequestInputOf<Identity['register']>;
export type LoginInput = RequestInputOf<Identity['login']>;

export function register(input: RegisterInput) {
  return callApi(identity.register, input);
}

export function login(input: LoginInput) {
  return callApi(identity.login, input);
}

export function quickAccess(username: string) {
  return callApi(identity.quickAccess, { username });
}

export async function logout(): Promise<void> {
  await callApi(identity.logout);
}

export function acceptTerms() {
  return callApi(identity.acceptTerms);
}

export function completeOnboarding() {
  return callApi(identity.completeOnboarding);
}

export function resetOnboarding() {
  return callApi(identity.resetOnboarding);
}

export function saveTheme(choice: { mode: ThemeMode } | { color: ThemeColor }) {
  return callApi(identity.theme, choice);
}

/** Google sign-in is a full browser redirect, never a fetch. */
export const GOOGLE_SIGN_IN_URL = identity.google.path;
