import { z } from 'zod';
import { refusingNul, type ServiceName } from './endpoint';
import type { InternalSubject } from './internal';
import type { QuotaKind } from './quotas';

/**
 * Audio streams: WebSockets the gateway accepts and hands whole to one replica of the owning service (Twilio Media
 * Streams at `/webhooks/telephony/media`, the browser's live voice). The gateway authenticates the upgrade before it
 * happens (the session and origin for `access: 'user'`; the service checks a provider's signature itself for
 * `access: 'provider'`), asks the service's queue group to take the stream (`open`, one NATS request: one replica),
 * and then relays frames both ways on per-stream subjects (`libs/platform/src/audio-streams`).
 */
export interface AudioStreamDeclaration<S extends ServiceName = ServiceName> {
  kind: 'audio-stream';
  /** The path of the WebSocket at the gateway (no query). */
  path: string;
  service: S;
  /**
   * provider: anyone may knock; the service admits the upgrade from its forwarded headers (a provider's signature
   * over `url`). user: the gateway admits only a signed-in browser of the app's origin and passes its context.
   */
  access: 'provider' | 'user';
  /**
   * The daily quotas a user's stream counts against as it goes (issue 17's kinds). The gateway cannot know what a
   * stream costs, so the service charges them itself through `internalApi.identity.chargeQuota` while it runs.
   */
  quotas: readonly QuotaKind[];
  /** The internal subject the gateway asks to take a stream: `<service>.<name>-streams.open`. */
  open: InternalSubject<typeof audioStreamOpenRequest, AudioStreamAnswer, 'service'>;
}

/** Headers of the upgrade request forwarded to the service (what a provider signs or what describes the client). */
export const AUDIO_STREAM_FORWARDED_HEADERS = ['x-twilio-signature', 'origin', 'user-agent', 'sec-websocket-protocol'] as const;

/** What the service is told about a stream the gateway wants to hand it. */
export interface AudioStreamOpenRequest {
  /** The stream's id: its frames travel on `<prefix>_audio.<streamId>.in` and `.out`. */
  streamId: string;
  /** The path and query the client asked for. */
  path: string;
  query: string;
  /** The URL the client connected to as PUBLIC_URL names it, wss:// (what Twilio's signature covers). */
  url: string;
  /** AUDIO_STREAM_FORWARDED_HEADERS that were present, lower-case names. */
  headers: Record<string, string>;
}

/** The service's answer: it took the stream (its replica now holds it), or the gateway refuses the upgrade. */
export type AudioStreamAnswer = { accepted: true } | { accepted: false; status: number; code: string; error: string };

export const audioStreamOpenRequest = z.object({
  streamId: z.uuid(),
  path: z.string().max(2_048),
  query: z.string().max(8_192),
  url: z.string().max(16_384),
  headers: z.record(z.string(), z.string().max(8_192)),
}) satisfies z.ZodType<AudioStreamOpenRequest>;

/** How long the gateway waits for a replica to take a stream before it refuses the upgrade (504). */
export const AUDIO_STREAM_OPEN_TIMEOUT_MS = 5_000;

export function audioStream<S extends ServiceName>(def: {
  name: string;
  path: string;
  service: S;
  access: 'provider' | 'user';
  quotas?: readonly QuotaKind[];
}): AudioStreamDeclaration<S> {
  return {
    kind: 'audio-stream',
    path: def.path,
    service: def.service,
    access: def.access,
    quotas: def.quotas ?? [],
    // Built here rather than with internal() (internal.ts lists these among its subjects).
    open: {
      kind: 'internal',
      subject: `${def.service}.${def.name}-streams.open`,
      service: def.service,
      access: 'service',
      request: refusingNul(audioStreamOpenRequest),
      timeoutMs: AUDIO_STREAM_OPEN_TIMEOUT_MS,
    },
  };
}

/** Every audio stream the gateway accepts, by name. */
export const audioStreams = {
  /** Twilio Media Streams of a streamed call (`<Connect><Stream url="wss://<host>/webhooks/telephony/media">`). */
  twilioMedia: audioStream({ name: 'media', path: '/webhooks/telephony/media', service: 'telephony', access: 'provider' }),
  /**
   * The browser's live voice (the orb, Always mode): the same session cookie and origin rules as `/api`; the voice
   * service bridges it to the Realtime API (`live-voice.ts` says what crosses it). A user's exchanges count as chat
   * messages and the audio streamed as audio seconds.
   */
  liveVoice: audioStream({ name: 'live', path: '/api/voice/live', service: 'voice', access: 'user', quotas: ['chat_messages', 'audio_seconds'] }),
} as const;

export const allAudioStreams: AudioStreamDeclaration[] = Object.values(audioStreams);
