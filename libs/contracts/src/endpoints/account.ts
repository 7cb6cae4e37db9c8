import { z } from 'zod';
import type { AccountExportState, AccountImportReply } from '../account';
import { endpoint, idParam, noInput, returns } from '../endpoint';

/** The largest archive POST /api/account/import takes (413 above). */
export const ACCOUNT_IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/** DELETE /api/account: the password, or for an account without one the typed username (or e-mail, when it has no username). */
export const deleteAccountRequest = z.object({
  password: z.string().max(256, 'Password must be at most 256 characters long').optional(),
  username: z.string().trim().max(254, 'Username must be at most 254 characters long').optional(),
});

/** Your data is yours (issue 22): export everything, bring it to another Jarvis, delete it everywhere. The gateway answers them. */
export const accountEndpoints = {
  /** Starts an export of everything the account holds (202 { id }); one runs per user at a time (409 otherwise). */
  startExport: endpoint({
    method: 'POST', path: '/api/account/export', service: 'gateway', subject: 'identity.account-exports.start', access: 'user',
    request: noInput, response: returns<{ id: string }>(), status: 202,
  }),
  /** The user's latest export, for the Account page (null when none is kept). */
  latestExport: endpoint({
    method: 'GET', path: '/api/account/export', service: 'gateway', subject: 'identity.account-exports.latest', access: 'user',
    request: noInput, response: returns<AccountExportState | null>(),
  }),
  exportStatus: endpoint({
    method: 'GET', path: '/api/account/export/:id', service: 'gateway', subject: 'identity.account-exports.get', access: 'user',
    request: idParam, response: returns<AccountExportState>(),
  }),
  /** The archive as a ZIP stream, by the signed single-use link `downloadUrl` of the export's state. */
  downloadExport: endpoint({
    method: 'GET', path: '/api/account/export/:id/download', service: 'gateway', subject: 'identity.account-exports.download',
    access: 'user', request: idParam.extend({ token: z.string().max(200, 'Not a valid link') }),
    // The gateway streams the ZIP itself (never the archive whole in memory); the declared shape is every binary reply's.
    response: returns<{ contentType: string; base64: string }>(),
    responseKind: 'binary',
  }),
  /**
   * Merges an archive into the signed-in account. The whole archive is checked first: 400 with `problems` (every
   * file's hash and schema, the manifest's version) and nothing written.
   */
  importArchive: endpoint({
    method: 'POST', path: '/api/account/import', service: 'gateway', subject: 'identity.account-imports.run', access: 'user',
    bodyKind: 'multipart', bodyLimitBytes: ACCOUNT_IMPORT_MAX_BYTES + 64 * 1024, timeoutMs: 30_000,
    upload: { fields: ['archive'], maxFileBytes: ACCOUNT_IMPORT_MAX_BYTES, contentTypes: [] },
    request: z.object({
      files: z
        .array(
          z.object({
            field: z.literal('archive'),
            contentType: z.string().max(200),
            base64: z.string().max(Math.ceil(ACCOUNT_IMPORT_MAX_BYTES / 3) * 4, 'The archive is larger than 50 MB'),
          }),
        )
        .length(1, 'Choose the archive (.zip) to import'),
    }),
    response: returns<AccountImportReply>(),
  }),
  /** Deletes the account and everything it holds, here and at the providers. Confirmed by the password or the typed username. */
  deleteAccount: endpoint({
    method: 'DELETE', path: '/api/account', service: 'gateway', subject: 'identity.accounts.delete', access: 'user',
    request: deleteAccountRequest, response: returns<{ success: true }>(),
  }),
};
