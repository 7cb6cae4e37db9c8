import { Inject, Injectable } from '@nestjs/common';
import { OpenAiConnection, openRealtimeSession, PROVIDER_WORDING } from '@jarvis/platform';
import { VOICE_CONFIG, type VoiceConfig } from '../config/voice.config';
import { type RealtimeLink, RealtimeVoice } from './realtime-voice.provider';

/**
 * OpenAI's Realtime API over WebSocket through the official SDK (`OpenAIRealtimeWS`), on the platform's connection:
 * OPENAI_BASE_URL applies, so any compatible server (and the tests' fake) answers; OPENAI_REALTIME_MODEL names the
 * model.
 */
@Injectable()
export class OpenAiRealtimeAdapter extends RealtimeVoice {
  readonly configured: boolean;
  private readonly openai: OpenAiConnection;

  constructor(@Inject(VOICE_CONFIG) private readonly config: VoiceConfig) {
    super();
    this.openai = new OpenAiConnection(config, { name: 'The realtime model', timeoutMs: 10_000, maxRetries: 0, wording: PROVIDER_WORDING });
    this.configured = this.openai.configured && Boolean(config.OPENAI_REALTIME_MODEL);
  }

  async connect(timeoutMs: number): Promise<RealtimeLink> {
    const session = await openRealtimeSession(this.openai.require(), this.config.OPENAI_REALTIME_MODEL!, timeoutMs);
    return {
      send: (event) => session.send(event),
      onEvent: (listener) => session.on('event', listener),
      onClose: (listener) => session.socket.once('close', () => listener()),
      close: () => session.close({ code: 1000, reason: 'live voice ended' }),
    };
  }
}
