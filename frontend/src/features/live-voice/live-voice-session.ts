import type { LiveVoiceClientMessage, LiveVoiceServerMessage } from '@jarvis/contracts';
import { CLOSED_BY_USER, MICROPHONE_REFUSED } from './live-voice-codes';
import { LIVE_SAMPLE_RATE } from './pcm';
import { PcmPlayer } from './pcm-player';

/** What the orb shows: connecting, then listening / thinking / speaking as the stream says. */
export type LiveVoiceState = 'connecting' | 'listening' | 'thinking' | 'speaking';

/** Why a session ended. `fallback`: it never started (no live voice here): go on turn by turn. */
export interface LiveVoiceEnd {
  code: number;
  /** What the service said went wrong (QUOTA_EXCEEDED...), or the microphone's refusal. */
  error?: { code: string; error: string };
  fallback: boolean;
}

/** An exchange the service stored in the chat history; `interrupted`: the user spoke over the answer, kept as heard. */
export type LiveVoiceStored = Extract<LiveVoiceServerMessage, { type: 'stored' }> & { interrupted: boolean };

export interface LiveVoiceCallbacks {
  onState(state: LiveVoiceState): void;
  /** What the user said (`itemId`: the user's item). */
  onUserText(itemId: string, text: string): void;
  /** The words of Jarvis's answer `itemId`. */
  onReplyText(itemId: string, text: string): void;
  /** The exchange is in the chat history, the answer as far as it was heard. */
  onStored(stored: LiveVoiceStored): void;
  /** The microphone's loudness while listening, the answer's while speaking, 0..1, every frame. */
  onLevel(level: number): void;
  onEnd(end: LiveVoiceEnd): void;
}

/** What the session needs of the browser (tests give fakes). */
export interface LiveVoiceEnvironment {
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>;
  /** An AudioContext at `sampleRate` (24 kHz), or at the device's own rate when none is given. */
  createContext(sampleRate?: number): AudioContext;
  openSocket(url: string): WebSocket;
  /** The capture worklet's URL (same origin). */
  workletUrl: string;
  /** The node that runs the capture worklet in `context` (an AudioWorkletNode). */
  createCapture(context: AudioContext): AudioWorkletNode;
}

/** WebSocket.OPEN and CONNECTING, without needing WebSocket itself. */
const OPEN = 1;
const CONNECTING = 0;

/** Echo cancellation on, so Jarvis's own voice from the speakers does not interrupt it. */
export const LIVE_AUDIO_CONSTRAINTS: MediaTrackConstraints = {
  channelCount: 1,
  sampleRate: LIVE_SAMPLE_RATE,
  echoCancellation: true,
  noiseSuppression: true,
  autoGainControl: true,
};

export function liveVoiceUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/voice/live`;
}

/** Root-mean-square loudness of a time-domain frame (floats in [-1, 1]), 0..1. */
function rms(frame: Float32Array): number {
  let sum = 0;
  for (const v of frame) sum += v * v;
  return frame.length ? Math.min(1, Math.sqrt(sum / frame.length) * 2) : 0;
}

/**
 * One live conversation with Jarvis over `/api/voice/live`: the microphone goes up as 24 kHz PCM16 from an
 * AudioWorklet, with echo cancellation on, as it is captured; Jarvis's answer comes down as PCM16 and plays as it
 * arrives. When the service says the user started speaking, whatever Jarvis is saying stops at once and the service
 * is told how much of it was heard. The service closes the session after 2 minutes without speech; `stop()` (the page
 * was left, Stop was pressed) closes it from here.
 */
export class LiveVoiceSession {
  private socket: WebSocket | null = null;
  private stream: MediaStream | null = null;
  private context: AudioContext | null = null;
  private capture: AudioWorkletNode | null = null;
  private player: PcmPlayer | null = null;
  private micLevel: AnalyserNode | null = null;
  private replyLevel: AnalyserNode | null = null;
  private frame = 0;
  private ready = false;
  private ended = false;
  private lastError: LiveVoiceEnd['error'];
  /** Settles start() once the stream is ready or gone. */
  private settle: ((opened: boolean) => void) | null = null;
  private state: LiveVoiceState | null = null;
  /** The answer whose audio is arriving, whether the model is done with it, and whether the user cut it off. */
  private reply: { itemId: string; done: boolean; cut: boolean; reported: boolean } | null = null;
  /** The answers the user spoke over (their stored words are cut where they were heard). */
  private readonly cut = new Set<string>();

  constructor(
    private readonly callbacks: LiveVoiceCallbacks,
    private readonly env: LiveVoiceEnvironment,
    private readonly url: string,
  ) {}

  /** Opens the microphone and the stream; false (and onEnd) when either cannot be had. */
  async start(): Promise<boolean> {
    this.setState('connecting');
    try {
      const stream = await this.env.getUserMedia({ audio: LIVE_AUDIO_CONSTRAINTS });
      // Stopped while the browser asked for the microphone: let it go at once.
      if (this.ended) {
        stream.getTracks().forEach((track) => track.stop());
        return false;
      }
      this.stream = stream;
    } catch {
      this.finish({
        code: MICROPHONE_REFUSED,
        fallback: false,
        error: {
          code: 'MICROPHONE',
          error: 'Microphone access is needed for voice chat. Please check permissions.',
        },
      });
      return false;
    }
    try {
      const context = await this.openContext(this.stream);
      // Stopped while the audio was being set up: finish() closed the context and let the microphone go.
      if (this.ended) return false;
      const source = context.createMediaStreamSource(this.stream);
      this.micLevel = context.createAnalyser();
      this.micLevel.fftSize = 512;
      source.connect(this.micLevel);
      this.capture = this.env.createCapture(context);
      source.connect(this.capture);
      this.capture.port.onmessage = (event: MessageEvent<ArrayBuffer>) => this.captured(event.data);
      this.replyLevel = context.createAnalyser();
      this.replyLevel.fftSize = 512;
      this.replyLevel.connect(context.destination);
      this.player = new PcmPlayer(context, this.replyLevel, (itemId) => this.drained(itemId));
    } catch {
      // No AudioWorklet (an old browser): the turn-by-turn loop instead.
      this.finish({ code: 1006, fallback: true });
      return false;
    }
    const opened = await this.connect();
    if (opened) this.followLevels();
    return opened;
  }

  /**
   * A context at 24 kHz, so the browser resamples the microphone itself; one that cannot take a microphone at another
   * rate (Firefox) is opened at the device's rate instead, and the worklet resamples.
   */
  private async openContext(stream: MediaStream): Promise<AudioContext> {
    let context = this.env.createContext(LIVE_SAMPLE_RATE);
    try {
      context.createMediaStreamSource(stream).disconnect();
    } catch {
      void context.close().catch(() => undefined);
      context = this.env.createContext();
    }
    this.context = context;
    await context.resume().catch(() => undefined);
    await context.audioWorklet.addModule(this.env.workletUrl);
    return context;
  }

  /** Ends the session from this side (Stop, the page left): the microphone is let go and nothing more plays. */
  stop() {
    if (this.ended) return;
    this.socket?.close(CLOSED_BY_USER, 'The user left');
    this.finish({ code: CLOSED_BY_USER, fallback: false });
  }

  // The stream.

  private connect(): Promise<boolean> {
    return new Promise((resolve) => {
      if (this.ended) return resolve(false);
      this.settle = resolve;
      const socket = this.env.openSocket(this.url);
      this.socket = socket;
      socket.binaryType = 'arraybuffer';
      socket.onmessage = (event: MessageEvent<string | ArrayBuffer>) => {
        if (typeof event.data === 'string') {
          const message = this.parse(event.data);
          if (message?.type === 'ready') {
            this.ready = true;
            this.settle = null;
            this.setState('listening');
            resolve(true);
          } else if (message) this.fromService(message);
        } else this.audio(event.data);
      };
      socket.onclose = (event: CloseEvent) => {
        // Refused before the upgrade (no live voice here, the model unreachable) or lost before it was ready.
        const fallback = !this.ready && !this.ended;
        this.finish({ code: event.code, fallback, error: this.lastError });
      };
    });
  }

  private parse(text: string): LiveVoiceServerMessage | null {
    try {
      return JSON.parse(text) as LiveVoiceServerMessage;
    } catch {
      return null;
    }
  }

  private send(message: LiveVoiceClientMessage) {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  /** The microphone's 40 ms frames, sent as they come once the model is ready. */
  private captured(frame: ArrayBuffer) {
    if (this.ready && !this.ended && this.socket?.readyState === OPEN) this.socket.send(frame);
  }

  private fromService(message: LiveVoiceServerMessage) {
    switch (message.type) {
      case 'speech_started':
        // The user is speaking: Jarvis stops at once, and the service learns what was heard of the answer.
        this.interrupt();
        return this.setState('listening');
      case 'speech_stopped':
        return this.setState('thinking');
      case 'transcript':
        return this.callbacks.onUserText(message.itemId, message.text);
      case 'reply_started':
        this.reply = { itemId: message.itemId, done: false, cut: false, reported: false };
        return;
      case 'reply_text':
        return this.callbacks.onReplyText(message.itemId, message.text);
      case 'reply_done':
        return this.replyDone(message.itemId);
      case 'stored':
        return this.callbacks.onStored({
          ...message,
          interrupted: message.replyItemId !== null && this.cut.has(message.replyItemId),
        });
      case 'error':
        this.lastError = { code: message.code, error: message.error };
        return;
    }
  }

  /** A frame of Jarvis's answer: played right after the one before. */
  private audio(frame: ArrayBuffer) {
    const reply = this.reply;
    if (!reply || reply.cut || !this.player) return;
    this.player.enqueue(reply.itemId, frame);
    this.setState('speaking');
  }

  private interrupt() {
    const reply = this.reply;
    if (!reply || reply.reported) return;
    const heard = this.player?.stop();
    reply.cut = true;
    reply.reported = true;
    this.cut.add(reply.itemId);
    this.send({
      type: 'played',
      itemId: reply.itemId,
      ms: heard?.answer === reply.itemId ? heard.ms : 0,
      complete: false,
    });
  }

  private replyDone(itemId: string | null) {
    const reply = this.reply;
    if (!reply || reply.itemId !== itemId) {
      // The model answered with nothing to hear (it was cut off before it began).
      if (this.state === 'thinking') this.setState('listening');
      return;
    }
    reply.done = true;
    // Everything it sent has already been played (or nothing came): it was heard whole.
    if (!this.player?.busy(reply.itemId)) this.drained(reply.itemId);
  }

  /** Everything scheduled has played: once the model is done too, the answer was heard whole. */
  private drained(itemId: string) {
    const reply = this.reply;
    if (!reply || reply.itemId !== itemId || !reply.done || reply.reported) return;
    const heard = this.player?.stop();
    reply.reported = true;
    this.send({ type: 'played', itemId, ms: heard?.ms ?? 0, complete: true });
    this.setState('listening');
  }

  // The orb.

  private setState(state: LiveVoiceState) {
    if (this.ended || state === this.state) return;
    this.state = state;
    this.callbacks.onState(state);
  }

  private followLevels() {
    const mic = this.micLevel;
    const reply = this.replyLevel;
    const micFrame = mic ? new Float32Array(mic.fftSize) : null;
    const replyFrame = reply ? new Float32Array(reply.fftSize) : null;
    const tick = () => {
      if (this.ended) return;
      const analyser = this.state === 'speaking' ? reply : this.state === 'listening' ? mic : null;
      const frame = analyser === reply ? replyFrame : micFrame;
      if (analyser && frame) {
        analyser.getFloatTimeDomainData(frame);
        this.callbacks.onLevel(rms(frame));
      } else this.callbacks.onLevel(0);
      this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
  }

  private finish(end: LiveVoiceEnd) {
    if (this.ended) return;
    this.ended = true;
    cancelAnimationFrame(this.frame);
    this.player?.stop();
    if (this.capture) this.capture.port.onmessage = null;
    this.capture?.disconnect();
    this.stream?.getTracks().forEach((track) => track.stop());
    this.stream = null;
    void this.context?.close().catch(() => undefined);
    this.context = null;
    if (this.socket) {
      this.socket.onmessage = null;
      this.socket.onclose = null;
      if (this.socket.readyState === OPEN || this.socket.readyState === CONNECTING)
        this.socket.close(CLOSED_BY_USER);
    }
    this.callbacks.onLevel(0);
    this.callbacks.onEnd(end);
    this.settle?.(false);
    this.settle = null;
  }
}
