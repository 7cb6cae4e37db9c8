import { api as contracts } from '@jarvis/contracts';
import { isApiError, statusOf } from '../../api/client';
import type { ChangePasswordInput } from '../../api/profile';
import { defineContractForm } from '../../forms/contract-form';

export interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const EMPTY_PASSWORD_FORM: PasswordForm = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

export function toPasswordInput(
  form: PasswordForm,
  { hasPassword }: { hasPassword: boolean },
): ChangePasswordInput {
  return hasPassword
    ? { currentPassword: form.currentPassword, newPassword: form.newPassword }
    : { newPassword: form.newPassword };
}

/**
 * Checked in the browser by identity.changePassword's own rules (register's: 6 to 256 characters), plus the screen's:
 * the current password when there is one, a new one, and the same new one twice.
 */
export function passwordForm({ hasPassword }: { hasPassword: boolean }) {
  return defineContractForm({
    schema: contracts.identity.changePassword.request,
    toInput: (form: PasswordForm) => toPasswordInput(form, { hasPassword }),
    refine: (form: PasswordForm) => ({
      currentPassword:
        hasPassword && !form.currentPassword ? 'Please enter your current password' : undefined,
      newPassword: form.newPassword ? undefined : 'Please choose a new password',
      confirmPassword:
        form.newPassword && form.confirmPassword !== form.newPassword ? 'Passwords do not match' : undefined,
    }),
  });
}

/** The failure toast's text: the server's word for a 4xx or a busy server, else 'Please try again later.' */
export function passwordFailureMessage(error: unknown): string {
  const status = statusOf(error);
  const server = isApiError(error) ? error.serverMessage : undefined;
  return status !== undefined && ((status >= 400 && status < 500) || status === 503) && server
    ? server
    : 'Please try again later.';
}
