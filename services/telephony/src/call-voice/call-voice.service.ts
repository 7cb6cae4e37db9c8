import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { api, type RequestContext } from '@jarvis/contracts';
import { RedisConnection, RpcClient } from '@jarvis/platform';
import { TELEPHONY_CONFIG, type TelephonyConfig } from '../config/telephony.config';
import { twilioWebhookUrl } from '../twilio/twilio-webhook';

/** How long a spoken clip waits for Twilio to fetch it. */
export const CALL_AUDIO_TTL_SECONDS = 10 * 60;
/** The owner's voice must be ready within this, or the line speaks with Twilio's voice (Twilio waits 15 s at most). */
export const CLONED_SPEECH_TIMEOUT_MS = 6_000;
const STATUS_TIMEOUT_MS = 2_000;

/** A TwiML node that can speak: a `<Response>` or a `<Gather>`. */
export interface SpeakingNode {
  say(text: string): unknown;
  play(url: string): unknown;
}

/**
 * The owner's cloned voice on calls (issue 9): when the owner has a completed clone switched on, what the assistant
 * says is spoken by the voice service (ElevenLabs with the owner's voice id), kept in Redis for a few minutes under an
 * unguessable id, and played from `/webhooks/telephony/audio/<id>`; anything that fails or takes too long falls back
 * silently to Twilio's own `<Say>`.
 */
@Injectable()
export class CallVoiceService {
  private readonly logger = new Logger(CallVoiceService.name);

  constructor(
    private readonly rpc: RpcClient,
    private readonly redis: RedisConnection,
    @Inject(TELEPHONY_CONFIG) private readonly config: TelephonyConfig,
  ) {}

  private ctx(userId: string): RequestContext {
    return { userId, tier: 'premium', requestId: `call-voice-${randomUUID()}` };
  }

  private key(id: string) {
    return this.redis.key('telephony', 'call-audio', id);
  }

  /** Whether the owner's calls speak with the owner's voice: a completed clone, switched on. */
  async ownerVoiceOn(userId: string): Promise<boolean> {
    return (await this.ownerVoiceId(userId)) !== null;
  }

  /** The owner's cloned voice (its ElevenLabs voice id) when their calls speak with it, else null. */
  async ownerVoiceId(userId: string): Promise<string | null> {
    try {
      const status = await this.rpc.call(api.voice.voiceStatus, {}, this.ctx(userId), { timeoutMs: STATUS_TIMEOUT_MS });
      const on = status.voiceCloningEnabled && status.voiceCloningStatus === 'completed';
      return on && status.elevenLabsVoiceId ? status.elevenLabsVoiceId : null;
    } catch (error) {
      this.logger.warn(`Voice cloning status unavailable for ${userId}: ${(error as Error).message}`);
      return null;
    }
  }

  /** Speaks `text` into `node`: the owner's voice when `ownerVoice` and it can be made in time, else `<Say>`. */
  async speak(node: SpeakingNode, text: string, userId: string, ownerVoice: boolean | undefined): Promise<void> {
    const url = ownerVoice ? await this.clip(userId, text) : null;
    if (url) node.play(url);
    else node.say(text);
  }

  private async clip(userId: string, text: string): Promise<string | null> {
    try {
      const speech = await this.rpc.call(api.voice.speak, { text }, this.ctx(userId), { timeoutMs: CLONED_SPEECH_TIMEOUT_MS });
      if (!speech.ok || !speech.audioBase64) return null;
      const id = randomUUID();
      await this.redis.client.set(this.key(id), JSON.stringify({ mime: speech.mime, audio: speech.audioBase64 }), 'EX', CALL_AUDIO_TTL_SECONDS);
      return twilioWebhookUrl(this.config.PUBLIC_URL, `/audio/${id}`);
    } catch (error) {
      this.logger.warn(`The owner's voice was not ready for a call of ${userId}; Twilio speaks instead: ${(error as Error).message}`);
      return null;
    }
  }

  /** A clip Twilio fetches for a `<Play>`, or null when the id is unknown or expired. */
  async audio(id: string): Promise<{ mime: string; bytes: Buffer } | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const raw = await this.redis.client.get(this.key(id));
    if (!raw) return null;
    const { mime, audio } = JSON.parse(raw) as { mime: string; audio: string };
    return { mime: mime || 'audio/mpeg', bytes: Buffer.from(audio, 'base64') };
  }
}
