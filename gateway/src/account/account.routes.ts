import { Injectable } from '@nestjs/common';
import { api } from '@jarvis/contracts';
import type { OutgoingHttpHeaders } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { Route, type RouteInput } from '../http/route';
import { signOut } from '../http/session';
import { AccountDeletionsService } from './account-deletions.service';
import { AccountExportsService } from './account-exports.service';
import { AccountImportsService } from './account-imports.service';

/** Your data is yours: export it, import an archive, delete the account. */
@Injectable()
export class AccountRoutes {
  constructor(
    private readonly exports: AccountExportsService,
    private readonly imports: AccountImportsService,
    private readonly deletions: AccountDeletionsService,
  ) {}

  @Route(api.account.startExport)
  startExport({ userId }: RouteInput<typeof api.account.startExport>) {
    return this.exports.start(userId);
  }

  @Route(api.account.latestExport)
  latestExport({ userId }: RouteInput<typeof api.account.latestExport>) {
    return this.exports.latest(userId);
  }

  @Route(api.account.exportStatus)
  exportStatus({ userId, data }: RouteInput<typeof api.account.exportStatus>) {
    return this.exports.state(userId, data.id);
  }

  /** Streams the archive from the store as the client reads it: never the whole archive in memory. */
  @Route(api.account.downloadExport)
  async downloadExport({ userId, data, reply }: RouteInput<typeof api.account.downloadExport>) {
    const { stream, bytes, createdAt } = await this.exports.download(userId, data.id, data.token);
    reply.hijack();
    reply.raw.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'application/zip',
      'content-length': String(bytes),
      'content-disposition': `attachment; filename="jarvis-export-${createdAt.toISOString().slice(0, 10)}.zip"`,
      'cache-control': 'no-store',
    });
    await pipeline(stream, reply.raw).catch(() => stream.destroy());
    return reply;
  }

  @Route(api.account.importArchive)
  importArchive({ ctx, data }: RouteInput<typeof api.account.importArchive>) {
    return this.imports.run(ctx, data);
  }

  @Route(api.account.deleteAccount)
  async deleteAccount({ userId, data, req }: RouteInput<typeof api.account.deleteAccount>) {
    const result = await this.deletions.delete(userId, data, { ip: req.ip ?? 'unknown' });
    await signOut(req);
    return result;
  }
}
