import { counterMetric, gaugeMetric } from '@jarvis/platform';

export type CallDirection = 'inbound' | 'outbound';

/**
 * Calls in progress across every telephony replica, by direction: each replica reports the same number (read from
 * Redis at each scrape), so dashboards take the max, not the sum.
 */
export const CALLS_ACTIVE = gaugeMetric<'direction'>({
  name: 'jarvis_calls_active',
  help: 'Calls in progress across every telephony replica, by direction (inbound, outbound); every replica reports the same value',
  labelNames: ['direction'],
});

/**
 * Calls that ended, by direction and outcome, counted once by the replica that ended each one. Inbound outcomes are
 * Twilio's final statuses (completed, busy, no-answer, failed, canceled); outbound ones the call log's end
 * (completed, failed).
 */
export const CALLS_TOTAL = counterMetric<'direction' | 'outcome'>({
  name: 'jarvis_calls_total',
  help: 'Calls ended, by direction and outcome, counted once across replicas (sum the replicas)',
  labelNames: ['direction', 'outcome'],
});
