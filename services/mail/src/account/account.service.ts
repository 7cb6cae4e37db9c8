import { Injectable } from '@nestjs/common';
import type { AccountExportPart, AccountImportResult } from '@jarvis/contracts';
import { eraseArchiveImports, recordArchiveImport } from '@jarvis/platform';
import { DataSource } from 'typeorm';
import { ConnectionService } from '../connection/connection.service';

/**
 * Mail's part of a user's archive (issue 22): which Google account was connected and with what scopes, never the
 * token. Mail itself stays in Gmail, and a connection is a grant to this installation: nothing is imported (the new
 * installation asks to connect again). Erasing revokes the grant at Google and forgets it.
 */
@Injectable()
export class MailAccountService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly connection: ConnectionService,
  ) {}

  async export(userId: string): Promise<AccountExportPart<'mail'>> {
    const row = await this.connection.accountRow(userId);
    return {
      files: { 'mail.json': { connection: row && { googleEmail: row.googleEmail, scopes: row.scopes, connectedAt: row.connectedAt.toISOString() } } },
      attachments: [],
      unavailable: [],
    };
  }

  async import(userId: string, archiveKey: string): Promise<AccountImportResult> {
    return this.dataSource.transaction(async (manager): Promise<AccountImportResult> => ({
      imported: await recordArchiveImport(manager, 'mail', userId, archiveKey),
      counts: {},
    }));
  }

  /** The Gmail grant revoked at Google (GoogleConnectionKit's disconnect: forgotten even when Google cannot revoke it). */
  async erase(userId: string): Promise<{ done: boolean }> {
    await this.connection.disconnect(userId);
    await this.dataSource.transaction((manager) => eraseArchiveImports(manager, 'mail', userId));
    return { done: true };
  }
}
