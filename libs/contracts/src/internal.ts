import { z } from 'zod';
import type { Tier } from './context';
import {
  BACKEND_SERVICES,
  DEFAULT_TIMEOUT_MS,
  emailAddress,
  type InternalAccess,
  MAX_TIMEOUT_MS,
  noInput,
  refusingNul,
  returns,
  rowId,
  type RpcDeclaration,
  type ServiceName,
} from './endpoint';
import { accountFilesSchema, type AccountExportPart, type AccountImportResult, type AccountPartService } from './account';
import { allAudioStreams } from './audio-streams';
import { QUOTA_KIND_NAMES, type QuotaKind } from './quotas';
import { healthSubject } from './rpc';
import {
  WEBHOOK_BODY_LIMIT_BYTES,
  WEBHOOK_SERVICES,
  type WebhookReply,
  type WebhookRequest,
  type WebhookService,
  webhookSubject,
} from './webhooks';

/**
 * A subject services call on each other that has no `/api` route: declared once, like an endpoint, so the caller
 * (`rpc.call(internalApi.calendar.ensureBookingLink, {}, ctx)`) and the handler
 * (`@Handles(internalApi.calendar.ensureBookingLink)`) are typed by the same zod request and response type, and the
 * handler's decorator validates every call with it.
 */
export interface InternalSubject<Req extends z.ZodType = z.ZodType, Res = unknown, A extends InternalAccess = InternalAccess>
  extends RpcDeclaration<Req, Res, A> {
  kind: 'internal';
}

export function internal<Req extends z.ZodType, Res, A extends InternalAccess = 'user'>(def: {
  subject: string;
  service: ServiceName;
  /** 'user' (default): the caller passes the user's context; 'service': the request names what it is about. */
  access?: A;
  request: Req;
  response: Res;
  /** Default 10 s, never more than 30 s. */
  timeoutMs?: number;
}): InternalSubject<Req, Res, A> {
  return {
    kind: 'internal',
    subject: def.subject,
    service: def.service,
    access: def.access ?? ('user' as A),
    request: refusingNul(def.request),
    timeoutMs: Math.min(def.timeoutMs ?? DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS),
  };
}

export interface BookingLinkReply {
  code: string;
  /** The absolute /book/{code} URL under PUBLIC_URL. */
  url: string;
}

/** One outgoing call reserved: the month (New York, 'YYYY-MM') it counts in, the calls used and the allowance. */
export interface CallReservation {
  month: string;
  outgoingCallsThisMonth: number;
  limit: number | 'unlimited';
}

/** A not-done reminder whose place lies near a position (`calendar.places.near`). */
export interface NearbyReminderPlace {
  reminderId: string;
  /** What to do there: the reminder's title without its place clause ('buy milk'). */
  title: string;
  /** The place as the user wrote it ('the pharmacy on 5th Ave'). */
  place: string;
  lat: number;
  lon: number;
  /** Great-circle distance from the asked position, in metres, rounded. */
  distanceMeters: number;
}

/** What services may know of a user (they never read the identity schema). */
export interface UserProfile {
  id: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** Whether `email` is proven to be the user's; notifications e-mail only a verified address. */
  emailVerified: boolean;
  tier: Tier;
}

/** E.164, as telephony stores numbers. */
const e164 = z
  .string()
  .trim()
  .max(16, 'Use international format with country code, e.g. +1234567890')
  .regex(/^\+[1-9]\d{6,14}$/, 'Use international format with country code, e.g. +1234567890');

/**
 * A service's part of the account lifecycle (issue 22): `<service>.account.export` answers its files of the user's
 * archive, `<service>.account.import` merges them into the caller's account in one transaction (once per archive),
 * `<service>.account.erase` removes every row it holds for a deleted user and cleans up at its providers, answering
 * `done: false` while a provider clean-up is still to be retried (identity asks again).
 */
function accountSubjects<S extends AccountPartService>(service: S) {
  return {
    accountExport: internal({
      subject: `${service}.account.export`, service, timeoutMs: 30_000,
      request: noInput, response: returns<AccountExportPart<S>>(),
    }),
    accountImport: internal({
      subject: `${service}.account.import`, service, timeoutMs: 30_000,
      request: z.object({ archiveKey: z.string().regex(/^[0-9a-f]{64}$/, 'archiveKey must be a SHA-256'), files: accountFilesSchema(service) }),
      response: returns<AccountImportResult>(),
    }),
    accountErase: internal({
      subject: `${service}.account.erase`, service, access: 'service', timeoutMs: 30_000,
      request: z.object({ userId: rowId() }), response: returns<{ done: boolean }>(),
    }),
  };
}

/** A binary file of a part (`<service>.account.exportAttachment`), by the reference its export gave. */
function accountAttachment(service: 'telephony' | 'voice') {
  return internal({
    subject: `${service}.account.exportAttachment`, service, timeoutMs: 30_000,
    request: z.object({ ref: z.string().min(1).max(200) }), response: returns<{ contentType: string; base64: string } | null>(),
  });
}

/**
 * Every internal subject, by owning service. Weather and web search for telephony's scenarios need no declaration
 * of their own: chat's endpoints `api.chat.weather` (`chat.weather.current`), `api.chat.forecast` and
 * `api.chat.webSearch` (`chat.search.web`) are called the same way, with the user's context.
 */
export const internalApi = {
  chat: {
    /**
     * voice keeps an analysed image in the caller's chat history: the question as the user's message and the
     * analysis as the assistant's answer, so memory and 'Load previous messages' include it.
     */
    storeImageExchange: internal({
      subject: 'chat.image-exchanges.store', service: 'chat', timeoutMs: 5_000,
      request: z.object({ question: z.string().trim().min(1).max(2_000), answer: z.string().trim().min(1).max(20_000) }),
      response: returns<{ userMessageId: string; assistantMessageId: string }>(),
    }),
    /**
     * What a live voice session (`/api/voice/live`) tells the model: the caller's personality, career, memories and
     * twin, the time, and the recent chat history, as the chat's system prompt would carry them, worded for speech.
     */
    liveVoiceInstructions: internal({
      subject: 'chat.live-voice.instructions', service: 'chat', timeoutMs: 3_000,
      request: noInput, response: returns<{ instructions: string }>(),
    }),
    /**
     * One exchange of a live voice session into the caller's chat history, like any other turn: the user's words and
     * Jarvis's answer as far as the user heard it (none when Jarvis said nothing).
     */
    storeVoiceExchange: internal({
      subject: 'chat.voice-exchanges.store', service: 'chat', timeoutMs: 5_000,
      request: z.object({ transcript: z.string().trim().min(1).max(8_000), reply: z.string().trim().max(20_000).default('') }),
      response: returns<{ userMessageId: string; assistantMessageId: string | null }>(),
    }),
    ...accountSubjects('chat'),
  },
  calendar: {
    /**
     * The caller's public booking link, created on first use and the same ever after. chat asks it when a drafted
     * text message should include the link.
     */
    ensureBookingLink: internal({
      subject: 'calendar.booking-links.ensure', service: 'calendar', timeoutMs: 5_000,
      request: noInput, response: returns<BookingLinkReply>(),
    }),
    /**
     * The caller's not-done reminders whose place (geocoded when the reminder was made) lies within `radiusMeters`
     * (default 300) of a position, nearest first. notifications asks it with each position the browser sends.
     */
    placesNear: internal({
      subject: 'calendar.places.near', service: 'calendar', timeoutMs: 5_000,
      request: z.object({
        lat: z.number().min(-90).max(90),
        lon: z.number().min(-180).max(180),
        radiusMeters: z.number().positive().max(50_000).default(300),
      }),
      response: returns<{ places: NearbyReminderPlace[] }>(),
    }),
    ...accountSubjects('calendar'),
  },
  billing: {
    /**
     * Reserves one outgoing call of the caller's monthly allowance (the calendar month in New York), atomically:
     * concurrent reservations never pass the limit. Free plan, or no call left this month: PLAN_REQUIRED (402,
     * requiresUpgrade), e.g. 'Monthly outgoing call limit reached (5 of 5)'. Keep `month` to release into it.
     */
    reserveCall: internal({
      subject: 'billing.calls.reserve', service: 'billing',
      request: noInput, response: returns<CallReservation>(),
    }),
    /** Gives one reserved call back (a call that failed before anyone answered), to `month` (default: this one). */
    releaseCall: internal({
      subject: 'billing.calls.release', service: 'billing',
      request: z.object({ month: z.string().regex(/^\d{4}-\d{2}$/, 'month must be YYYY-MM').optional() }),
      response: returns<{ released: boolean }>(),
    }),
    ...accountSubjects('billing'),
  },
  telephony: {
    /**
     * Texts `to` from the user's line (or TWILIO_PHONE_NUMBER) for notifications' SMS channel, under the same rules as
     * every text: only to SMS_ALLOWED_COUNTRIES (FORBIDDEN otherwise), at most 10 a day to one number and 50 a day per
     * user, and SMS_DAILY_LIMIT a day for the installation (RATE_LIMITED above any, with retryAfterSeconds).
     */
    deliverSms: internal({
      subject: 'telephony.sms.deliver', service: 'telephony', access: 'service', timeoutMs: 15_000,
      request: z.object({
        userId: rowId(),
        to: e164,
        body: z.string().trim().min(1, 'body is required').max(1_600),
      }),
      response: returns<{ sid: string }>(),
    }),
    ...accountSubjects('telephony'),
    accountExportAttachment: accountAttachment('telephony'),
  },
  notifications: {
    /**
     * The gateway (identity owns the address) asks notifications (which owns SMTP) to e-mail `to` the link that
     * verifies it. `sent: false` when SMTP_URL is unset on notifications; a mail server that fails is
     * SERVICE_UNAVAILABLE.
     */
    sendVerificationEmail: internal({
      subject: 'notifications.verification-emails.send', service: 'notifications', access: 'service', timeoutMs: 15_000,
      request: z.object({ userId: rowId(), to: emailAddress(), link: z.url().max(2_048) }),
      response: returns<{ sent: boolean }>(),
    }),
    ...accountSubjects('notifications'),
  },
  voice: {
    ...accountSubjects('voice'),
    accountExportAttachment: accountAttachment('voice'),
  },
  mail: {
    ...accountSubjects('mail'),
  },
  identity: {
    /** A user's names, e-mail and plan by id (NOT_FOUND for no such user); the gateway answers it. */
    userProfile: internal({
      subject: 'identity.users.profile', service: 'gateway', access: 'service', timeoutMs: 3_000,
      request: z.object({ userId: rowId() }),
      response: returns<UserProfile>(),
    }),
    /** The same by username, any case (e.g. TWILIO_PHONE_OWNER at telephony's start). */
    findUser: internal({
      subject: 'identity.users.lookup', service: 'gateway', access: 'service', timeoutMs: 3_000,
      request: z.object({ username: z.string().trim().min(1).max(64) }),
      response: returns<UserProfile>(),
    }),
    /**
     * Counts `cost` units of the caller's daily quota `kind` (issue 17), as the gateway does before a metered call:
     * for what a service meters itself while it runs (a live voice session's exchanges and audio, whose cost no
     * request says beforehand). Over the limit: QUOTA_EXCEEDED (429) and nothing is counted; Redis unreachable:
     * QUOTA_UNAVAILABLE (503).
     */
    chargeQuota: internal({
      subject: 'identity.quotas.charge', service: 'gateway', timeoutMs: 3_000,
      request: z.object({ kind: z.enum(QUOTA_KIND_NAMES as [QuotaKind, ...QuotaKind[]]), cost: z.number().int().min(1).max(3_600) }),
      response: returns<{ used: number; limit: number | 'unlimited' }>(),
    }),
    /** A service tells identity it has erased everything of a deleted account (`evt.identity.account.deleted`). */
    reportAccountErased: internal({
      subject: 'identity.account-deletions.report', service: 'gateway', access: 'service', timeoutMs: 5_000,
      request: z.object({ userId: rowId(), service: z.enum(['chat', 'calendar', 'telephony', 'notifications', 'voice', 'mail', 'billing']) }),
      response: returns<{ recorded: boolean }>(),
    }),
  },
} as const;

const webhookRequest = z.object({
  method: z.string().max(16),
  path: z.string().max(16_384),
  query: z.string().max(16_384),
  headers: z.record(z.string(), z.string().max(8_192)),
  bodyBase64: z.string().max(Math.ceil((WEBHOOK_BODY_LIMIT_BYTES * 4) / 3) + 4),
  url: z.string().max(16_384),
}) satisfies z.ZodType<WebhookRequest>;

/** `<service>.webhooks.receive`: the gateway forwards a provider's request untouched (`@HandlesWebhook(service)`). */
export const webhookReceivers = Object.fromEntries(
  WEBHOOK_SERVICES.map((service) => [
    service,
    internal({
      subject: webhookSubject(service), service, access: 'service', timeoutMs: 15_000,
      request: webhookRequest, response: returns<WebhookReply>(),
    }),
  ]),
) as Record<WebhookService, InternalSubject<typeof webhookRequest, WebhookReply, 'service'>>;

/** Every declared internal subject, the webhook receivers and the audio streams' openers included. */
export const allInternalSubjects: InternalSubject[] = [
  ...Object.values(internalApi).flatMap((group) => Object.values(group) as InternalSubject[]),
  ...Object.values(webhookReceivers),
  ...allAudioStreams.map((stream) => stream.open),
];

/**
 * Every subject answered over NATS that has no `/api` route: the declared internal subjects (webhook receivers
 * included) and each service's health check. The coverage test tells a handler of one of these from a handler of an undeclared
 * subject, and fails for one that nothing answers.
 */
export const INTERNAL_SUBJECTS: readonly string[] = [
  ...allInternalSubjects.map((s) => s.subject),
  ...BACKEND_SERVICES.map((s) => healthSubject(s)),
];

/** The billing subjects by name, for code written before their declarations (prefer `internalApi.billing`). */
export const BILLING_CALLS_RESERVE_SUBJECT = internalApi.billing.reserveCall.subject;
export const BILLING_CALLS_RELEASE_SUBJECT = internalApi.billing.releaseCall.subject;
export const billingCallsRelease = internalApi.billing.releaseCall.request;
