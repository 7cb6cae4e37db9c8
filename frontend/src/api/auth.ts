import {
  api,
  type RequestInputOf,
  type ResponseOf,
  type ThemeColor,
  type ThemeMode,
  type User,
} from '@jarvis/contracts';
import { apiJson, apiRequest } from './client';

const identity = api.identity;

export type RegisterInput = RequestInputOf<typeof identity.register>;
export type LoginInput = RequestInputOf<typeof identity.login>;

export function register(input: RegisterInput): Promise<ResponseOf<typeof identity.register>> {
  return apiJson('POST', identity.register.path, input);
}

export function login(input: LoginInput): Promise<ResponseOf<typeof identity.login>> {
  return apiJson('POST', identity.login.path, input);
}

export function quickAccess(username: string): Promise<ResponseOf<typeof identity.quickAccess>> {
  return apiJson('POST', identity.quickAccess.path, { username });
}

export async function logout(): Promise<void> {
  await apiRequest('POST', identity.logout.path);
}

export function acceptTerms(): Promise<User> {
  return apiJson('POST', identity.acceptTerms.path);
}

export function completeOnboarding(): Promise<User> {
  return apiJson('POST', identity.completeOnboarding.path);
}

export function resetOnboarding(): Promise<User> {
  return apiJson('POST', identity.resetOnboarding.path);
}

export function saveTheme(choice: { mode: ThemeMode } | { color: ThemeColor }): Promise<User> {
  return apiJson('POST', identity.theme.path, choice);
}

/** Google sign-in is a full browser redirect, never a fetch. */
export const GOOGLE_SIGN_IN_URL = identity.google.path;
