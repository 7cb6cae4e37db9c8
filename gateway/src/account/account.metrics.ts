import { gaugeMetric } from '@jarvis/platform';

/** Deleted accounts whose data a service has not reported erased yet (read from identity at each scrape). */
export const ACCOUNT_DELETIONS_PENDING = gaugeMetric<never>({
  name: 'jarvis_account_deletions_pending',
  help: 'Deleted accounts whose data is still being erased by at least one service',
  labelNames: [],
});
