import type { Tier } from './context';
import { TIERS } from './context';

/**
 * Daily quotas on the calls that spend the operator's money (issue 17). An endpoint that reaches a paid provider
 * declares `quota: { kind, cost }` next to its contract; the gateway's proxy charges it per user and plan, atomically
 * in Redis across replicas, before the call goes to the service, and `GET /api/usage` reports it.
 */

/** A limit: a number of units a day, or no limit. */
export type QuotaLimit = number | 'unlimited';

export interface QuotaKindInfo {
  /** What one unit is, as the Account page says it ('messages', 'characters', 'seconds', 'requests', 'calls'). */
  unit: string;
  /** What the Account page's meter is called. */
  label: string;
  /** The default limits a day per plan; each is overridden by `QUOTA_<KIND>_<TIER>` (e.g. QUOTA_CHAT_MESSAGES_FREE). */
  limits: Record<Tier, QuotaLimit>;
}

/**
 * Every quota kind, its unit and its default limits a day: small for free, generous for premium, unlimited for
 * enterprise. The unit fits what the provider bills: messages for the chat model, characters for speech and
 * translation, seconds for audio, requests for the rest.
 */
export const QUOTA_KINDS = {
  chat_messages: { unit: 'messages', label: 'Chat messages', limits: { free: 50, premium: 1_000, enterprise: 'unlimited' } },
  speech_characters: { unit: 'characters', label: 'Speech', limits: { free: 5_000, premium: 100_000, enterprise: 'unlimited' } },
  audio_seconds: { unit: 'seconds', label: 'Transcription and music recognition', limits: { free: 600, premium: 7_200, enterprise: 'unlimited' } },
  translation_characters: { unit: 'characters', label: 'Translation', limits: { free: 10_000, premium: 200_000, enterprise: 'unlimited' } },
  web_searches: { unit: 'requests', label: 'Web searches', limits: { free: 10, premium: 200, enterprise: 'unlimited' } },
  image_analyses: { unit: 'requests', label: 'Image analysis', limits: { free: 10, premium: 200, enterprise: 'unlimited' } },
  weather_requests: { unit: 'requests', label: 'Weather', limits: { free: 50, premium: 500, enterprise: 'unlimited' } },
  event_searches: { unit: 'requests', label: 'Event searches', limits: { free: 20, premium: 200, enterprise: 'unlimited' } },
  persona_requests: { unit: 'requests', label: 'Personality previews and twin training', limits: { free: 20, premium: 200, enterprise: 'unlimited' } },
  voice_clones: { unit: 'requests', label: 'Voice cloning', limits: { free: 0, premium: 5, enterprise: 'unlimited' } },
  outgoing_calls: { unit: 'calls', label: 'Outgoing calls', limits: { free: 0, premium: 5, enterprise: 'unlimited' } },
} as const satisfies Record<string, QuotaKindInfo>;

export type QuotaKind = keyof typeof QUOTA_KINDS;
export const QUOTA_KIND_NAMES = Object.keys(QUOTA_KINDS) as QuotaKind[];

/**
 * What an endpoint declares: the kind it counts against and what one call costs, computed from the parsed (valid)
 * request. Without `cost` a call costs 1.
 */
export interface QuotaDeclaration<Input = unknown> {
  kind: QuotaKind;
  cost?(input: Input): number;
}

/** What a call of `endpoint` with the parsed `input` costs: at least 1 unit, a whole number. */
export function quotaCost<Input>(quota: QuotaDeclaration<Input>, input: Input): number {
  const cost = quota.cost ? quota.cost(input) : 1;
  return Number.isFinite(cost) ? Math.max(1, Math.ceil(cost)) : 1;
}

/** The variable that overrides a kind's limit for a plan: `QUOTA_CHAT_MESSAGES_FREE`. */
export function quotaVariable(kind: QuotaKind, tier: Tier): string {
  return `QUOTA_${kind.toUpperCase()}_${tier.toUpperCase()}`;
}

/** Every `QUOTA_<KIND>_<TIER>` variable, for the configuration schema and the README. */
export const QUOTA_VARIABLES: string[] = QUOTA_KIND_NAMES.flatMap((kind) => TIERS.map((tier) => quotaVariable(kind, tier)));

/** One kind as `GET /api/usage` reports it for the caller's plan today. */
export interface QuotaUsage {
  kind: QuotaKind;
  unit: string;
  label: string;
  used: number;
  limit: QuotaLimit;
  /** When today's count starts again from 0 (midnight in QUOTA_TIME_ZONE), ISO 8601. */
  resetsAt: string;
}

/** The 429 body of a call over its quota. */
export interface QuotaExceededBody {
  error: string;
  code: 'QUOTA_EXCEEDED';
  kind: QuotaKind;
  limit: number;
  resetsAt: string;
  /** A higher plan has a larger limit. */
  requiresUpgrade: boolean;
}

/**
 * Quota days are New York days, like the SMS limits and the outgoing-call month (billing, telephony): every count of
 * the installation turns over at the same moment.
 */
export const QUOTA_TIME_ZONE = 'America/New_York';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: QUOTA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: QUOTA_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The quota day `at` falls in, 'YYYY-MM-DD' in New York. */
export function quotaDay(at: Date = new Date()): string {
  return dayFormat.format(at);
}

/** How far New York's wall clock is ahead of UTC at `at`, in ms (negative: -4 h or -5 h). */
function zoneOffsetMs(at: number): number {
  const parts = Object.fromEntries(wallClock.formatToParts(new Date(at)).map((p) => [p.type, Number(p.value)]));
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The next midnight in New York after `at`: when the quota day of `at` ends. */
export function quotaDayEnd(at: Date = new Date()): Date {
  const [year, month, day] = quotaDay(at).split('-').map(Number);
  const midnightAsUtc = Date.UTC(year, month - 1, day + 1);
  // Midnight wall-clock time minus the zone's offset at that moment; asked twice, so a DST change that day is right.
  let guess = midnightAsUtc - zoneOffsetMs(midnightAsUtc);
  guess = midnightAsUtc - zoneOffsetMs(guess);
  return new Date(guess);
}

/** Whole seconds from `at` until the quota day ends (at least 1): a 429's `Retry-After`. */
export function secondsUntil(resetsAt: string, at: Date = new Date()): number {
  return Math.max(1, Math.ceil((Date.parse(resetsAt) - at.getTime()) / 1000));
}

/**
 * Bytes of audio counted as one second. Uploads are charged before they are heard, by their size: 4,000 bytes a
 * second is 32 kbit/s, below what the browsers record at (Opus in WebM at 48 kbit/s and more, WAV far more), so a
 * recording is never counted shorter than it plays; a low-bitrate file (a voice memo at 16 kbit/s) counts short.
 */
export const AUDIO_BYTES_PER_SECOND = 4_000;

/**
 * An audio stream a user holds open (the live voice at `/api/voice/live`) has no request that says its cost
 * beforehand: the service holding it charges the kinds its declaration names (`quotas` in audio-streams.ts) as it
 * goes, through `internalApi.identity.chargeQuota`. Audio seconds are charged this many at a time, each block before
 * the audio it covers reaches the provider, so a session is never ahead of its quota and is charged at most one block
 * more than it streamed. Each exchange (the user spoke, Jarvis answers) is one chat message, charged before the model
 * is asked to answer.
 */
export const STREAM_AUDIO_BLOCK_SECONDS = 5;

/** The size of the bytes a base64 text holds. */
export function base64Size(base64: string): number {
  const body = base64.replace(/^data:[^,]*,/, '');
  // Copied without its whitespace only when it has some: a 25 MB upload is scanned once, not rewritten.
  const clean = /\s/.test(body) ? body.replace(/\s/g, '') : body;
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

/** Seconds of audio an upload counts as (at least 1). */
export function audioSeconds(base64: string): number {
  return Math.max(1, Math.ceil(base64Size(base64) / AUDIO_BYTES_PER_SECOND));
}
