import { counterMetric, gaugeMetric, histogramMetric, LATENCY_BUCKETS } from './metrics';

/**
 * The series the platform keeps for every service (names and labels are what dashboards and alerts rely on: never
 * rename one; a new shape is a new name). Features declare their own beside their code the same way
 * (telephony's `jarvis_calls_*`, the gateway's `http_server_request_duration_seconds`).
 */

export type RpcOutcome = 'ok' | 'error' | 'timeout' | 'no_responders';

/** A NATS request as its caller saw it: `subject` is the declared subject (no run prefix). */
export const RPC_CLIENT_DURATION = histogramMetric<'subject' | 'outcome'>({
  name: 'jarvis_rpc_client_duration_seconds',
  help: 'NATS requests made, from sending to the decoded reply, by subject and outcome (ok, error, timeout, no_responders)',
  labelNames: ['subject', 'outcome'],
  buckets: LATENCY_BUCKETS,
});

/** A NATS request as its handler answered it. */
export const RPC_SERVER_DURATION = histogramMetric<'subject' | 'outcome'>({
  name: 'jarvis_rpc_server_duration_seconds',
  help: 'NATS requests answered, from receipt to the reply sent, by subject and outcome (ok, error)',
  labelNames: ['subject', 'outcome'],
  buckets: LATENCY_BUCKETS,
});

export const QUEUE_JOB_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed'] as const;

export const QUEUE_JOBS = gaugeMetric<'queue' | 'state'>({
  name: 'jarvis_queue_jobs',
  help: 'Jobs in each BullMQ queue by state (waiting, active, delayed, prioritized, failed), read from Redis at each scrape',
  labelNames: ['queue', 'state'],
});

export type JobOutcome = 'completed' | 'retried' | 'failed';

export const JOBS_TOTAL = counterMetric<'queue' | 'name' | 'outcome'>({
  name: 'jarvis_jobs_total',
  help: 'Job runs finished by this process, by queue, job name and outcome (completed; retried: failed with attempts left; failed: for good)',
  labelNames: ['queue', 'name', 'outcome'],
});

export type ProviderOutcome = 'ok' | 'error' | 'timeout' | 'cancelled';

export const PROVIDER_REQUESTS = counterMetric<'provider' | 'operation' | 'outcome'>({
  name: 'jarvis_provider_requests_total',
  help: "Calls to third-party providers by provider, operation and outcome (ok; error: a failure status or no answer; timeout; cancelled by the caller)",
  labelNames: ['provider', 'operation', 'outcome'],
});

export const PROVIDER_DURATION = histogramMetric<'provider' | 'operation' | 'outcome'>({
  name: 'jarvis_provider_request_duration_seconds',
  help: "Duration of calls to third-party providers (until the answer's headers for a streamed answer)",
  labelNames: ['provider', 'operation', 'outcome'],
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60],
});

export type WebhookOutcome = 'accepted' | 'bad_signature' | 'error';

export const WEBHOOKS_TOTAL = counterMetric<'service' | 'outcome'>({
  name: 'jarvis_webhooks_total',
  help: "Provider webhooks handled by the owning service, by outcome (accepted; bad_signature; error: any other refusal or failure)",
  labelNames: ['service', 'outcome'],
});

export const EVENT_CONSUMER_PENDING = gaugeMetric<'stream' | 'consumer'>({
  name: 'jarvis_event_consumer_pending',
  help: "JetStream messages each durable consumer of this service has not acknowledged yet (not delivered plus awaiting ack), read at each scrape",
  labelNames: ['stream', 'consumer'],
});
