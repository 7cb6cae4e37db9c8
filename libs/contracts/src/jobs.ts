/**
 * Background jobs (BullMQ on Redis): a typed map from job name to payload, so `queue.add(name, payload)` and a
 * `@JobProcessor(name)` class are checked by the compiler against one declaration.
 *
 * Job and queue names never change once shipped: jobs already waiting in Redis carry the old name and would find no
 * processor after a deploy. A new payload shape gets a new name (`...v2`) and the old processor stays until its
 * queue has drained.
 *
 * Payloads carry ids, not rows: the processor reads the current row when it runs (a delayed call may run hours
 * later), and user data never sits in Redis.
 */
export interface JobMap {
  /** Place one outbound call; the job id is the call log's id, so a second add of the same call is a no-op. */
  'telephony.outbound-call': { callLogId: string; userId: string };
  /** One run of an automated call scenario, from its job scheduler (keyed by the scenario id) or from `execute`. */
  'telephony.scenario-run': { scenarioId: string; userId: string };
  /** Send a user's recorded samples to the voice provider and store the resulting voice id (or the failure). */
  'voice.clone-voice': { userId: string; cloneId: string };
  /**
   * Delete at the voice provider every voice of this user that a newer clone replaced (the `retired_voices` rows);
   * retried with backoff while the provider fails, and queued again by the user's next clone.
   */
  'voice.delete-retired-voices': { userId: string };
  /**
   * Deliver one inbox entry on one channel; the job id is `<notificationId>-<channel>`, so a redelivered event or a
   * second replica queues the channel once.
   */
  'notifications.deliver-channel': { notificationId: string; channel: 'push' | 'email' | 'sms' };
  /** Write one account export's archive (the job id is the export's id): each service's part, then the ZIP. */
  'identity.export-account': { exportId: string; userId: string };
  /** Ask the services that have not reported a deleted account erased again, and erase the account once all have. */
  'identity.retry-account-deletions': Record<string, never>;
}
export type JobName = keyof JobMap;

/** The queues: one a kind of work whose concurrency and priorities are managed together. */
export const QUEUES = {
  /** Outbound calls: priority urgent > high > normal > low, delayed until `scheduledTime`, global concurrency. */
  outboundCalls: 'outbound-calls',
  /** Scenario runs: kept apart so a burst of scheduled runs never holds an outbound call slot. */
  callScenarios: 'call-scenarios',
  /** Voice cloning against the provider. */
  voiceClones: 'voice-clones',
  /** Notification channels (push, e-mail, SMS), each entry and channel a job retried on its own. */
  notificationChannels: 'notification-channels',
  /** The gateway's account work: exports, and the retries of account deletions. */
  accounts: 'accounts',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** The queue each job runs on. */
export const JOB_QUEUES: Record<JobName, QueueName> = {
  'telephony.outbound-call': QUEUES.outboundCalls,
  'telephony.scenario-run': QUEUES.callScenarios,
  'voice.clone-voice': QUEUES.voiceClones,
  'voice.delete-retired-voices': QUEUES.voiceClones,
  'notifications.deliver-channel': QUEUES.notificationChannels,
  'identity.export-account': QUEUES.accounts,
  'identity.retry-account-deletions': QUEUES.accounts,
};

/**
 * BullMQ priorities: 1 runs first, a job without a priority runs before every prioritised one. Outbound calls always
 * pass one of these.
 */
export const JOB_PRIORITY = { urgent: 1, high: 2, normal: 3, low: 4 } as const;
export type JobPriority = keyof typeof JOB_PRIORITY;
