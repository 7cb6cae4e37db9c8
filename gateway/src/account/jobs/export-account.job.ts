import { type JobHandler, JobProcessor, type QueueJob } from '@jarvis/platform';
import type { JobMap } from '@jarvis/contracts';
import { AccountExportsService } from '../account-exports.service';

/** Writes one export's archive; two exports run at once on a replica (each mostly waits for the services). */
@JobProcessor('identity.export-account', { concurrency: 2 })
export class ExportAccountJob implements JobHandler<'identity.export-account'> {
  constructor(private readonly exports: AccountExportsService) {}
  process = (payload: JobMap['identity.export-account'], job: QueueJob<'identity.export-account'>) =>
    this.exports.run(payload, job.attemptsMade + 1);
}
