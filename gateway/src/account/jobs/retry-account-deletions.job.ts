import { type JobHandler, JobProcessor } from '@jarvis/platform';
import { AccountDeletionsService } from '../account-deletions.service';

/** Every ACCOUNT_DELETION_RETRY_SECONDS (a job scheduler, so one replica runs each tick): the services not done, asked again. */
@JobProcessor('identity.retry-account-deletions')
export class RetryAccountDeletionsJob implements JobHandler<'identity.retry-account-deletions'> {
  constructor(private readonly deletions: AccountDeletionsService) {}
  process = () => this.deletions.retryPending();
}
