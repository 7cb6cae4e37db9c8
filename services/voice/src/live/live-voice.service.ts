import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainError, internalApi, type RequestContext, type UserContext } from '@jarvis/contracts';
import { acceptStream, type AudioSocket, type AudioStreamDecision, refuseStream, RpcClient } from '@jarvis/platform';
import { VOICE_CONFIG, type VoiceConfig } from '../config/voice.config';
import { LiveSession } from './live-session';
import { type RealtimeLink, RealtimeVoice } from './realtime-voice.provider';

/** The model and the chat must answer this soon for a session to start (the gateway waits 5 s for the stream's owner). */
export const LIVE_VOICE_CONNECT_TIMEOUT_MS = 3_000;

/**
 * The browser's live voice: whether it is on, and each session the gateway hands this replica, bridged to the
 * Realtime model with what the chat would tell the model about the user.
 */
@Injectable()
export class LiveVoiceService {
  private readonly logger = new Logger('LiveVoice');

  constructor(
    private readonly realtime: RealtimeVoice,
    private readonly rpc: RpcClient,
    @Inject(VOICE_CONFIG) private readonly config: VoiceConfig,
  ) {}

  status() {
    return { available: this.realtime.configured };
  }

  /**
   * Takes a session once the model's session is open and the chat said what to tell it, both within 3 s; otherwise
   * the upgrade is refused (503), and the browser goes on turn by turn.
   */
  async open(ctx: RequestContext): Promise<AudioStreamDecision> {
    if (!ctx.userId) return refuseStream(401, 'Authentication required', 'UNAUTHENTICATED');
    if (!this.realtime.configured) return refuseStream(503, 'Live voice is not available (set OPENAI_REALTIME_MODEL)', 'SERVICE_UNAVAILABLE');
    const user: UserContext = { ...ctx, userId: ctx.userId };
    const [link, context] = await Promise.allSettled([
      this.realtime.connect(LIVE_VOICE_CONNECT_TIMEOUT_MS),
      this.rpc.call(internalApi.chat.liveVoiceInstructions, {}, user, { timeoutMs: LIVE_VOICE_CONNECT_TIMEOUT_MS }),
    ]);
    if (link.status === 'rejected' || context.status === 'rejected') {
      if (link.status === 'fulfilled') link.value.close();
      const reason = link.status === 'rejected' ? link.reason : (context as PromiseRejectedResult).reason;
      this.logger.warn(`A live voice session could not start: ${(reason as Error).message}`);
      return refuseStream(503, reason instanceof DomainError ? reason.message : 'Live voice is unavailable right now', 'SERVICE_UNAVAILABLE');
    }
    return acceptStream((socket) => this.bridge(socket, link.value, user, context.value.instructions));
  }

  private bridge(socket: AudioSocket, link: RealtimeLink, ctx: UserContext, instructions: string) {
    new LiveSession(socket, link, ctx, {
      rpc: this.rpc,
      logger: this.logger,
      idleMs: this.config.LIVE_VOICE_IDLE_SECONDS * 1000,
      transcriptionModel: this.config.OPENAI_STT_MODEL,
    }).start(instructions);
  }
}
