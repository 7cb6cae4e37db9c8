import { changePasswordRequest } from '@jarvis/contracts';
import { isApiError, statusOf } from '../../api/client';
import type { ChangePasswordInput } from '../../api/profile';

export interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordFormErrors = Partial<Record<keyof PasswordForm, string>>;

export const EMPTY_PASSWORD_FORM: PasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The server's rules (register's: 6 to 256 characters) from the contract, the current one when there is one, and the repeat. */
export function passwordFormErrors(form: PasswordForm, { hasPassword }: { hasPassword: boolean }): PasswordFormErrors {
  const errors: PasswordFormErrors = {};
  if (hasPassword && !form.currentPassword) errors.currentPassword = 'Please enter your current password';
  const parsed = changePasswordRequest.shape.newPassword.safeParse(form.newPassword);
  if (!form.newPassword) errors.newPassword = 'Please choose a new password';
  else if (!parsed.success) errors.newPassword = parsed.error.issues[0]?.message;
  if (form.newPassword && form.confirmPassword !== form.newPassword) errors.confirmPassword = 'Passwords do not match';
  return errors;
}

export function hasPasswordErrors(errors: PasswordFormErrors): boolean {
  return Object.values(errors).some(Boolean);
}

export function toPasswordInput(form: PasswordForm, { hasPassword }: { hasPassword: boolean }): ChangePasswordInput {
  return hasPassword ? { currentPassword: form.currentPassword, newPassword: form.newPassword } : { newPassword: form.newPassword };
}

/** The server's per-field messages of a 400 (`fields: { currentPassword: ['Current password is incorrect'] }`). */
export function passwordServerErrors(error: unknown): PasswordFormErrors {
  if (!isApiError(error)) return {};
  const fields = (error.body as { fields?: unknown } | undefined)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  const errors: PasswordFormErrors = {};
  for (const key of ['currentPassword', 'newPassword'] as const) {
    const messages = (fields as Record<string, unknown>)[key];
    const first = Array.isArray(messages) ? messages.find((m) => typeof m === 'string') : undefined;
    if (typeof first === 'string') errors[key] = first;
  }
  return errors;
}

/** The failure toast's text: the server's word for a 4xx or a busy server, else 'Please try again later.' */
export function passwordFailureMessage(error: unknown): string {
  const status = statusOf(error);
  const server = isApiError(error) ? error.serverMessage : undefined;
  return status !== undefined && ((status >= 400 && status < 500) || status === 503) && server ? server : 'Please try again later.';
}
