import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ACCOUNT_PART_SERVICES,
  ACCOUNT_PARTS,
  type AccountExportState,
  type AccountPartName,
  type AccountPartState,
  DomainError,
  internalApi,
  type JobMap,
  type UserContext,
} from '@jarvis/contracts';
import { JobQueue, LiveEvents, RpcClient } from '@jarvis/platform';
import { DEV_SESSION_SECRET, GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { IdentityService } from '../identity/identity.service';
import { DownloadLinkUsed, ExportNotFound, ExportRunning } from './account.errors';
import { AccountExportsRepository } from './account-exports.repository';
import { ARCHIVE_KEEP_MS, ArchiveStore } from './archive-store';
import { ArchiveWriter } from './archive-writer';
import { newLinkNonce, signLink, verifyLink } from './download-links';
import type { AccountExportEntity } from './entities/account-export.entity';
import type { Readable } from 'node:stream';

// The version of the Jarvis that wrote an archive, for its manifest (gateway/package.json, from src or dist alike).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const JARVIS_VERSION: string = (require('../../package.json') as { version: string }).version;
/** How many runs an export gets before it is reported failed (a service that was restarting gets a second chance). */
export const EXPORT_ATTEMPTS = 2;

const pendingParts = () => Object.fromEntries(ACCOUNT_PARTS.map((p) => [p, 'pending'])) as Record<AccountPartName, AccountPartState>;

/**
 * Exports of a user's data. Starting one queues a job (BullMQ, so any gateway replica runs it, and a replica that
 * dies mid-way leaves it to another); the job asks identity and then each service for its part, in order, and
 * streams the ZIP into the Object Store (`ArchiveStore`), telling the user's browsers how far it got (`export` live
 * events). The archive is kept 24 hours behind a signed link that downloads it once (the state gives a new one
 * after each download).
 */
@Injectable()
export class AccountExportsService {
  private readonly logger = new Logger(AccountExportsService.name);
  private readonly secret: string;

  constructor(
    private readonly exports: AccountExportsRepository,
    private readonly identity: IdentityService,
    private readonly store: ArchiveStore,
    private readonly jobs: JobQueue,
    private readonly rpc: RpcClient,
    private readonly live: LiveEvents,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.secret = config.SESSION_SECRET ?? DEV_SESSION_SECRET;
  }

  async start(userId: string): Promise<{ id: string }> {
    const created = await this.exports.create(userId, pendingParts());
    if (!created) throw ExportRunning();
    try {
      await this.jobs.add('identity.export-account', { exportId: created.id, userId }, { jobId: created.id, attempts: EXPORT_ATTEMPTS, backoffMs: 2_000 });
    } catch (error) {
      await this.exports.setStatus(created.id, 'failed', 'The export could not be queued');
      throw error;
    }
    this.live.publish(userId, 'export', { id: created.id, status: 'queued', progress: 0 });
    return { id: created.id };
  }

  async state(userId: string, id: string): Promise<AccountExportState> {
    const row = await this.exports.find(userId, id);
    if (!row) throw ExportNotFound();
    return this.toState(row);
  }

  async latest(userId: string): Promise<AccountExportState | null> {
    const row = await this.exports.latest(userId);
    return row ? this.toState(row) : null;
  }

  /**
   * The archive behind a download link, once: a link that is not this export's (or this installation's), was used,
   * or outlived the archive is a 404. The stream reads the store a few chunks ahead of the client. The user's browsers
   * hear of the spent link (an `export` live event), so the Account page shows the next one.
   */
  async download(userId: string, id: string, token: string): Promise<{ stream: Readable; bytes: number; createdAt: Date }> {
    const row = await this.exports.find(userId, id);
    if (!row) throw ExportNotFound();
    const nonce = verifyLink(this.secret, id, token);
    if (!nonce || !(await this.exports.spendLink(userId, id, nonce, newLinkNonce()))) throw DownloadLinkUsed();
    const stream = await this.store.reader(id);
    if (!stream) throw DownloadLinkUsed();
    // The link is spent: the Account page asks for the state again and shows the next one.
    this.live.publish(userId, 'export', { id, status: 'completed', progress: 100, downloaded: true });
    return { stream, bytes: Number(row.bytes), createdAt: row.createdAt };
  }

  /** The job: every part into one ZIP in the store, then the export is complete (or failed, after its last run). */
  async run({ exportId, userId }: JobMap['identity.export-account'], attempt: number): Promise<void> {
    const parts = pendingParts();
    try {
      await this.exports.update(exportId, { status: 'running', progress: 0, parts, error: null });
      this.progress(userId, exportId, 'running', 0);
      const user = await this.identity.get(userId);
      const ctx: UserContext = { userId, tier: user.subscriptionTier, requestId: `export-${exportId}` };
      const exportedAt = new Date();
      const { stream, stored } = await this.store.writer(exportId);
      const zip = new ArchiveWriter(stream, exportedAt);
      let done = 0;
      const finished = async (part: AccountPartName) => {
        parts[part] = 'done';
        const progress = Math.round((++done / (ACCOUNT_PARTS.length + 1)) * 100);
        await this.exports.update(exportId, { parts, progress });
        this.progress(userId, exportId, 'running', progress);
      };
      try {
        for (const [path, value] of Object.entries(await this.identity.exportProfile(userId))) await zip.addJson(path, value);
        await finished('identity');
        for (const service of ACCOUNT_PART_SERVICES) {
          await this.addPart(zip, service, ctx);
          await finished(service);
        }
        await zip.finish({ exportId, userId, jarvisVersion: JARVIS_VERSION });
      } catch (error) {
        stream.destroy(error as Error);
        await stored.catch(() => undefined);
        throw error;
      }
      const info = await stored;
      await this.exports.update(exportId, {
        status: 'completed',
        progress: 100,
        parts,
        bytes: String(info.size),
        downloadNonce: newLinkNonce(),
        expiresAt: new Date(Date.now() + ARCHIVE_KEEP_MS),
      });
      this.progress(userId, exportId, 'completed', 100);
    } catch (error) {
      const failedPart = ACCOUNT_PARTS.find((p) => parts[p] === 'pending');
      if (failedPart) parts[failedPart] = 'failed';
      const reason = error instanceof DomainError ? error.message : 'Something went wrong while writing the archive';
      this.logger.warn(`export ${exportId} failed (run ${attempt} of ${EXPORT_ATTEMPTS}): ${(error as Error).message}`);
      await this.store.delete(exportId);
      if (attempt < EXPORT_ATTEMPTS) throw error;
      await this.exports.update(exportId, { status: 'failed', parts, error: reason });
      this.progress(userId, exportId, 'failed', 0);
    }
  }

  /** The archive's objects of a user, deleted with the account. */
  async eraseArchives(userId: string): Promise<void> {
    for (const row of await this.exports.ofUser(userId)) {
      await this.jobs.remove('identity.export-account', row.id).catch(() => false);
      await this.store.delete(row.id);
    }
  }

  private async addPart(zip: ArchiveWriter, service: (typeof ACCOUNT_PART_SERVICES)[number], ctx: UserContext) {
    const part = await this.rpc.call(internalApi[service].accountExport, {}, ctx);
    for (const [path, value] of Object.entries(part.files)) await zip.addJson(path, value);
    for (const { path, reason } of part.unavailable) zip.unavailable(path, reason);
    if (!part.attachments.length) return;
    if (service !== 'telephony' && service !== 'voice') throw new Error(`${service} listed attachments it cannot give`);
    for (const attachment of part.attachments) {
      const file = await this.rpc.call(internalApi[service].accountExportAttachment, { ref: attachment.ref }, ctx);
      if (file) await zip.addFile(attachment.path, Buffer.from(file.base64, 'base64'));
      else zip.unavailable(attachment.path, 'It could no longer be fetched from the provider');
    }
  }

  private progress(userId: string, id: string, status: string, progress: number) {
    this.live.publish(userId, 'export', { id, status, progress });
  }

  private toState(row: AccountExportEntity): AccountExportState {
    const expired = row.status === 'completed' && (!row.expiresAt || row.expiresAt.getTime() <= Date.now());
    const state: AccountExportState = {
      id: row.id,
      status: expired ? 'expired' : row.status,
      progress: row.progress,
      parts: row.parts,
      createdAt: row.createdAt.toISOString(),
    };
    if (row.error) state.error = row.error;
    if (row.status === 'completed' && !expired && row.downloadNonce) {
      state.downloadUrl = `/api/account/export/${row.id}/download?token=${encodeURIComponent(signLink(this.secret, row.id, row.downloadNonce))}`;
      state.expiresAt = row.expiresAt!.toISOString();
    }
    if (expired) void this.store.delete(row.id);
    return state;
  }
}
