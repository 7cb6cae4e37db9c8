import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  ACCOUNT_PART_SERVICES,
  type AccountImportReply,
  type AccountPartName,
  api,
  internalApi,
  type RequestOf,
  type UserContext,
} from '@jarvis/contracts';
import { LiveEvents, RpcClient } from '@jarvis/platform';
import { IdentityService } from '../identity/identity.service';
import { ArchiveInvalid } from './account.errors';
import { AccountImportsRepository } from './account-imports.repository';
import { checkArchive } from './archive-reader';

/**
 * Imports an archive into the signed-in account. The whole archive is checked before anything is written (400 with
 * every problem); then identity and each service merge their part, each in one transaction, with new ids and the
 * references between records remapped, and each records the archive (its manifest's SHA-256), so importing it
 * again changes nothing. An archive whose import stopped half-way (a service was down) is completed by importing it
 * again. Progress goes to the user's browsers as `import` live events.
 */
@Injectable()
export class AccountImportsService {
  constructor(
    private readonly imports: AccountImportsRepository,
    private readonly identity: IdentityService,
    private readonly rpc: RpcClient,
    private readonly live: LiveEvents,
  ) {}

  async run(ctx: UserContext, input: RequestOf<typeof api.account.importArchive>): Promise<AccountImportReply> {
    const bytes = Buffer.from(input.files[0].base64, 'base64');
    const check = await checkArchive(bytes);
    if (!check.ok) throw ArchiveInvalid(check.problems);
    const { archive } = check;
    const id = randomUUID();
    const userId = ctx.userId;
    const parts = {} as AccountImportReply['parts'];
    const counts: Record<string, number> = {};
    const total = ACCOUNT_PART_SERVICES.length + 1;
    const progress = (part: AccountPartName, done: number) =>
      this.live.publish(userId, 'import', { id, part, progress: Math.round((done / total) * 100) });

    progress('identity', 0);
    const fresh = await this.imports.record(userId, archive.archiveKey);
    if (fresh) {
      try {
        counts['profile.json'] = await this.identity.importProfile(userId, archive.parts.identity);
      } catch (error) {
        await this.imports.forget(userId, archive.archiveKey);
        throw error;
      }
    }
    parts.identity = fresh ? 'imported' : 'already imported';
    progress('identity', 1);
    let done = 1;
    for (const service of ACCOUNT_PART_SERVICES) {
      const result = await this.rpc.call(
        internalApi[service].accountImport,
        { archiveKey: archive.archiveKey, files: archive.parts[service] } as never,
        ctx,
      );
      parts[service] = result.imported ? 'imported' : 'already imported';
      Object.assign(counts, result.counts);
      progress(service, ++done);
    }
    return { id, status: 'completed', parts, counts };
  }
}
