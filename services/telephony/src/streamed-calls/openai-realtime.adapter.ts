import { Inject, Injectable } from '@nestjs/common';
import { MODEL_SERVER_WORDING, OpenAiConnection, openRealtimeSession } from '@jarvis/platform';
import { TELEPHONY_CONFIG, type TelephonyConfig } from '../config/telephony.config';
import { type RealtimeLink, RealtimeModel } from './realtime-model.provider';

/**
 * OpenAI's Realtime API over WebSocket through the official SDK (`OpenAIRealtimeWS`), on the platform's connection:
 * OPENAI_BASE_URL applies, so any compatible server (and the tests' fake) answers; OPENAI_REALTIME_MODEL names the
 * model.
 */
@Injectable()
export class OpenAiRealtimeAdapter extends RealtimeModel {
  readonly configured: boolean;
  private readonly openai: OpenAiConnection;

  constructor(@Inject(TELEPHONY_CONFIG) private readonly config: TelephonyConfig) {
    super();
    this.openai = new OpenAiConnection(config, { name: 'The realtime model', timeoutMs: 10_000, maxRetries: 0, wording: MODEL_SERVER_WORDING });
    this.configured = this.openai.configured && Boolean(config.OPENAI_REALTIME_MODEL);
  }

  async connect(timeoutMs: number): Promise<RealtimeLink> {
    const session = await openRealtimeSession(this.openai.require(), this.config.OPENAI_REALTIME_MODEL!, timeoutMs);
    return {
      send: (event) => session.send(event),
      onEvent: (listener) => session.on('event', listener),
      onClose: (listener) => session.socket.once('close', () => listener()),
      close: () => session.close({ code: 1000, reason: 'call ended' }),
    };
  }
}
