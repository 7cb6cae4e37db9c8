import type { Logger } from '@nestjs/common';
import {
  DomainError,
  internalApi,
  LIVE_VOICE_BYTES_PER_MS,
  LIVE_VOICE_CLOSE,
  type LiveVoiceClientMessage,
  type LiveVoiceServerMessage,
  type QuotaKind,
  STREAM_AUDIO_BLOCK_SECONDS,
  type UserContext,
} from '@jarvis/contracts';
import type { AudioSocket, AudioStreamEnd, RpcClient } from '@jarvis/platform';
import { type LiveExchange, LiveExchanges } from './live-exchanges';
import type { RealtimeClientEvent, RealtimeLink, RealtimeServerEvent } from './realtime-voice.provider';

/** What a session needs of the service; one set for every session a replica holds. */
export interface LiveSessionDeps {
  rpc: RpcClient;
  logger: Logger;
  /** Nobody spoke this long: the session is closed. */
  idleMs: number;
  /** The input transcription's model (OPENAI_STT_MODEL). */
  transcriptionModel: string;
}

/** Jarvis's voice, the same as `/api/speak`'s. */
export const LIVE_VOICE = 'alloy';
const AUDIO_BLOCK_BYTES = STREAM_AUDIO_BLOCK_SECONDS * 1000 * LIVE_VOICE_BYTES_PER_MS;

/**
 * One live voice session on the replica holding its stream: the browser's WebSocket (relayed by the gateway) on one
 * side, a Realtime session on the other. The browser's microphone goes to the model as it arrives (each block of
 * audio seconds charged first); the model's audio goes to the browser as it arrives. Server VAD finds the turns: at
 * the end of each the exchange's chat message is charged, then the model is asked to answer. When the user speaks
 * over an answer, the browser stops playing at once and says how much it played; the model's item is truncated to
 * that, and the chat history keeps the answer as heard. Each exchange is stored in chat once it is settled.
 */
export class LiveSession {
  private readonly exchanges = new LiveExchanges();
  /** The answer being sent to the browser: its item, its exchange, and whether the user spoke over it. */
  private replying: { itemId: string; exchange: LiveExchange; interrupted: boolean } | null = null;
  /** Microphone audio waiting for its block to be charged, in order. */
  private readonly audioQueue: Buffer[] = [];
  private audioBytes = 0;
  private chargedBytes = 0;
  private charging = false;
  private ended = false;
  private idleTimer?: NodeJS.Timeout;

  constructor(
    private readonly socket: AudioSocket,
    private readonly link: RealtimeLink,
    private readonly ctx: UserContext,
    private readonly deps: LiveSessionDeps,
  ) {}

  /** Sets the model's session up (instructions, 24 kHz PCM both ways, server VAD, transcription) and starts relaying. */
  start(instructions: string) {
    this.link.onEvent((event) => this.fromModel(event));
    this.link.onClose(() => this.end(LIVE_VOICE_CLOSE.unavailable, 'The realtime model closed the session', { code: 'SERVICE_UNAVAILABLE', error: 'Live voice was interrupted. Please start again.' }));
    this.socket.onMessage((frame) => (typeof frame === 'string' ? this.fromBrowser(frame) : this.heard(frame)));
    this.socket.onClose((end) => this.browserLeft(end));
    this.model({
      type: 'session.update',
      session: {
        type: 'realtime',
        instructions,
        output_modalities: ['audio'],
        audio: {
          input: {
            format: { type: 'audio/pcm', rate: 24_000 },
            transcription: { model: this.deps.transcriptionModel },
            // The answer is asked for once its chat message is charged; speech over an answer stops it.
            turn_detection: { type: 'server_vad', create_response: false, interrupt_response: true },
          },
          output: { format: { type: 'audio/pcm', rate: 24_000 }, voice: LIVE_VOICE },
        },
      },
    });
    this.toBrowser({ type: 'ready' });
    this.stillTalking();
  }

  // The browser's side.

  /** Microphone audio: to the model in order, once the block it falls in is charged. */
  private heard(audio: Buffer) {
    if (this.ended || audio.length === 0) return;
    this.audioQueue.push(audio);
    void this.pump();
  }

  private async pump() {
    while (!this.ended && this.audioQueue.length > 0) {
      const next = this.audioQueue[0];
      if (this.audioBytes + next.length > this.chargedBytes) {
        if (this.charging) return;
        this.charging = true;
        const charged = await this.charge('audio_seconds', STREAM_AUDIO_BLOCK_SECONDS);
        this.charging = false;
        if (!charged) return;
        this.chargedBytes += AUDIO_BLOCK_BYTES;
        continue;
      }
      this.audioQueue.shift();
      this.audioBytes += next.length;
      this.model({ type: 'input_audio_buffer.append', audio: next.toString('base64') });
    }
  }

  private fromBrowser(text: string) {
    let message: LiveVoiceClientMessage;
    try {
      message = JSON.parse(text) as LiveVoiceClientMessage;
    } catch {
      return;
    }
    if (message?.type !== 'played' || typeof message.itemId !== 'string' || !Number.isFinite(message.ms)) return;
    const exchange = this.exchanges.played(message.itemId, message.ms, message.complete === true);
    if (!exchange) return;
    if (!message.complete) {
      // The user spoke over it: the model's item keeps only what was heard, so its history is what was said.
      const sentMs = Math.floor(this.exchanges.sentMs(exchange));
      if (!exchange.responseDone) this.model({ type: 'response.cancel' });
      this.model({ type: 'conversation.item.truncate', item_id: message.itemId, content_index: 0, audio_end_ms: Math.min(Math.max(0, Math.round(message.ms)), sentMs) });
    }
    this.stillTalking();
    void this.store();
  }

  private toBrowser(message: LiveVoiceServerMessage) {
    this.socket.send(JSON.stringify(message));
  }

  // The model's side.

  private model(event: RealtimeClientEvent) {
    if (!this.ended) this.link.send(event);
  }

  private fromModel(event: RealtimeServerEvent) {
    if (this.ended) return;
    switch (event.type) {
      case 'input_audio_buffer.speech_started':
        this.stillTalking();
        // The model stops answering (interrupt_response); whatever of the answer is still on its way is not sent.
        if (this.replying && !this.replying.exchange.responseDone) this.replying.interrupted = true;
        return this.toBrowser({ type: 'speech_started' });
      case 'input_audio_buffer.speech_stopped':
        this.toBrowser({ type: 'speech_stopped' });
        return void this.answer(this.exchanges.spoke(event.item_id));
      case 'conversation.item.input_audio_transcription.completed':
        this.exchanges.transcribed(event.item_id, event.transcript);
        if (event.transcript.trim()) this.toBrowser({ type: 'transcript', itemId: event.item_id, text: event.transcript.trim() });
        return void this.store();
      case 'conversation.item.input_audio_transcription.failed':
        this.exchanges.transcribed(event.item_id, '');
        return void this.store();
      case 'response.created':
        return this.exchanges.responseCreated(event.response.id ?? '');
      case 'response.output_item.added':
        if (event.item.type === 'message' && event.item.id) this.replyStarted(event.response_id, event.item.id);
        return;
      case 'response.output_audio.delta':
        return this.play(event.response_id, event.item_id, event.delta);
      case 'response.output_audio_transcript.delta':
        return this.exchanges.replyWords(event.item_id, event.delta);
      case 'response.output_audio_transcript.done':
        this.exchanges.replyTranscript(event.item_id, event.transcript);
        if (event.transcript.trim()) this.toBrowser({ type: 'reply_text', itemId: event.item_id, text: event.transcript.trim() });
        return;
      case 'response.done': {
        const itemId = this.replying && event.response.output?.some((item) => item.id === this.replying!.itemId) ? this.replying.itemId : null;
        this.exchanges.responseDone(event.response.id ?? '');
        this.toBrowser({ type: 'reply_done', itemId, status: event.response.status ?? 'completed' });
        this.stillTalking();
        return void this.store();
      }
      case 'error':
        // A cancel or truncate that came too late, mostly: the session goes on.
        this.deps.logger.debug(`Realtime error in a live voice session: ${event.error.message}`);
        return;
    }
  }

  private replyStarted(responseId: string, itemId: string) {
    const exchange = this.exchanges.replyStarted(responseId, itemId);
    if (!exchange) return;
    this.replying = { itemId, exchange, interrupted: false };
    this.toBrowser({ type: 'reply_started', itemId });
  }

  /** The model's audio, as it arrives: to the browser at once, as a binary frame. */
  private play(responseId: string, itemId: string, delta: string) {
    if (this.replying?.itemId !== itemId) this.replyStarted(responseId, itemId);
    if (this.replying?.itemId !== itemId || this.replying.interrupted) return;
    const audio = Buffer.from(delta, 'base64');
    this.exchanges.replyAudio(itemId, audio.length);
    this.socket.send(audio);
  }

  /** The user finished speaking: the exchange's chat message is charged, then the model answers it. */
  private async answer(exchange: LiveExchange) {
    if (!(await this.charge('chat_messages', 1))) return;
    this.exchanges.ask(exchange);
    this.model({ type: 'response.create' });
  }

  // Quotas, the chat history, the end.

  /** Charges the caller's daily quota; over it (or when it cannot be counted) the session ends, saying why. */
  private async charge(kind: QuotaKind, cost: number): Promise<boolean> {
    try {
      await this.deps.rpc.call(internalApi.identity.chargeQuota, { kind, cost }, this.ctx);
      return !this.ended;
    } catch (error) {
      const failure = error instanceof DomainError ? error : null;
      const code = failure?.code ?? 'SERVICE_UNAVAILABLE';
      this.end(code === 'QUOTA_EXCEEDED' ? LIVE_VOICE_CLOSE.quota : LIVE_VOICE_CLOSE.unavailable, code, {
        code,
        error: failure?.message ?? 'Usage limits cannot be checked right now. Please try again in a moment.',
      });
      return false;
    }
  }

  /** Stores the exchanges that are settled (`all`: every one known, at the end) in the caller's chat history. */
  private async store(all = false) {
    for (const { exchange, transcript, reply } of this.exchanges.take(all)) {
      try {
        const stored = await this.deps.rpc.call(internalApi.chat.storeVoiceExchange, { transcript, reply }, this.ctx);
        this.toBrowser({ type: 'stored', userItemId: exchange.userItemId, replyItemId: exchange.replyItemId, transcript, reply, ...stored });
      } catch (error) {
        this.deps.logger.warn(`A live voice exchange could not be stored in chat: ${(error as Error).message}`);
      }
    }
  }

  /** Somebody spoke or Jarvis answered: the idle clock starts again. */
  private stillTalking() {
    clearTimeout(this.idleTimer);
    if (this.ended) return;
    this.idleTimer = setTimeout(() => this.end(LIVE_VOICE_CLOSE.idle, 'No speech for a while'), this.deps.idleMs);
    this.idleTimer.unref?.();
  }

  private browserLeft(end: AudioStreamEnd) {
    if (this.ended) return;
    if (end.lost) this.deps.logger.warn('A live voice session lost its gateway; closing the model session');
    this.finish();
  }

  /** Ends the session from this side: the browser is told why (an error first when there is one), then closed. */
  private end(code: number, reason: string, error?: { code: string; error: string }) {
    if (this.ended) return;
    if (error) this.toBrowser({ type: 'error', ...error });
    this.socket.close(code, reason);
    this.finish();
  }

  private finish() {
    this.ended = true;
    clearTimeout(this.idleTimer);
    this.audioQueue.length = 0;
    this.link.close();
    void this.store(true);
  }
}
