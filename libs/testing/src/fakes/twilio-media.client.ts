/**
 * Twilio's side of a Media Stream (`<Connect><Stream>`), as the tests and the bench play it: `connected`, `start`
 * with the call's custom parameters, `media` frames of μ-law audio every 20 ms, `stop`. What we send back is played
 * in real time: a `mark` is echoed once the audio sent before it has played, a `clear` drops what is still queued and
 * echoes its marks at once (as Twilio does), so a test knows what the caller heard.
 */
import { randomBytes } from 'node:crypto';
import { MULAW_BYTES_PER_MS, mulawSilence } from './mulaw';
import { FAKE_ACCOUNT_SID } from './twilio.fake';
import type { TestWebSocket } from './websocket-client';

/** How frames travel: a WebSocket through the gateway, or the platform's relay as the gateway drives it. */
export interface MediaTransport {
  send(text: string): void;
  close(code?: number, reason?: string): void;
  onMessage(listener: (text: string) => void): void;
  onClose(listener: (end: { code: number; reason: string }) => void): void;
}

/** A WebSocket opened with `openWebSocket` (through the gateway). */
export function webSocketTransport(socket: TestWebSocket): MediaTransport {
  return {
    send: (text) => socket.send(text),
    close: (code, reason) => socket.close(code, reason),
    onMessage: (listener) => {
      for (const text of socket.texts.splice(0)) listener(text);
      socket.socket.on('message', (data, isBinary) => {
        if (!isBinary) listener(Buffer.isBuffer(data) ? data.toString('utf8') : String(data));
      });
    },
    onClose: (listener) => void socket.closed.then(listener),
  };
}

/** The platform's AudioPipe (`openAudioStream`), or anything shaped like it. */
export function pipeTransport(pipe: {
  send(frame: string | Buffer): void;
  close(code?: number, reason?: string): void;
  onMessage(listener: (frame: string | Buffer) => void): void;
  onClose(listener: (end: { code: number; reason: string }) => void): void;
}): MediaTransport {
  return {
    send: (text) => pipe.send(text),
    close: (code, reason) => pipe.close(code, reason),
    onMessage: (listener) => pipe.onMessage((frame) => listener(typeof frame === 'string' ? frame : frame.toString('utf8'))),
    onClose: (listener) => pipe.onClose((end) => listener({ code: end.code, reason: end.reason })),
  };
}

/** A frame of our audio as it reached the phone. */
export interface ReceivedMedia {
  audio: Buffer;
  /** performance.now() when it arrived. */
  at: number;
}

export interface TwilioMediaCallOptions {
  callSid: string;
  customParameters?: Record<string, string>;
  /** 'realtime' (default): our audio plays at its own speed; 'instant': each mark is echoed as it arrives. */
  playback?: 'realtime' | 'instant';
}

export class TwilioMediaCall {
  readonly streamSid = `MZ${randomBytes(16).toString('hex')}`;
  readonly callSid: string;
  /** Every message we sent, parsed, in order. */
  readonly received: any[] = [];
  readonly media: ReceivedMedia[] = [];
  /** performance.now() of each `clear`. */
  readonly clears: number[] = [];
  /** The marks echoed, in order, and when. */
  readonly echoedMarks: { name: string; at: number; cleared: boolean }[] = [];
  /** Resolves once the stream closed (we closed it, or it was lost). */
  readonly closed: Promise<{ code: number; reason: string }>;
  /** Set when a message we sent named another stream. */
  readonly foreign: unknown[] = [];
  private sequence = 0;
  private chunk = 0;
  private sentMs = 0;
  private playheadEnd = 0;
  private pendingMarks: { name: string; timer: NodeJS.Timeout }[] = [];
  private readonly playback: 'realtime' | 'instant';

  constructor(
    private readonly transport: MediaTransport,
    private readonly options: TwilioMediaCallOptions,
  ) {
    this.callSid = options.callSid;
    this.playback = options.playback ?? 'realtime';
    this.closed = new Promise((resolve) => transport.onClose(resolve));
    transport.onMessage((text) => this.receive(text));
  }

  /** `connected` then `start`, as Twilio opens a stream. */
  start(): this {
    this.send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
    this.send({
      event: 'start',
      sequenceNumber: String(++this.sequence),
      start: {
        accountSid: FAKE_ACCOUNT_SID, streamSid: this.streamSid, callSid: this.callSid, tracks: ['inbound'],
        customParameters: this.options.customParameters ?? {},
        mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
      },
      streamSid: this.streamSid,
    });
    return this;
  }

  /** Sends `audio` as 20 ms media frames, in real time unless `paceMs` says otherwise (0: at once). */
  async speak(audio: Buffer, paceMs = 20): Promise<void> {
    const step = 20 * MULAW_BYTES_PER_MS;
    for (let offset = 0; offset < audio.length; offset += step) {
      const frame = audio.subarray(offset, offset + step);
      this.send({
        event: 'media',
        sequenceNumber: String(++this.sequence),
        media: { track: 'inbound', chunk: String(++this.chunk), timestamp: String(this.sentMs), payload: frame.toString('base64') },
        streamSid: this.streamSid,
      });
      this.sentMs += frame.length / MULAW_BYTES_PER_MS;
      if (paceMs > 0) await new Promise((r) => setTimeout(r, paceMs));
    }
  }

  /** `ms` of the line's quiet (Twilio keeps sending frames while nobody speaks). */
  silence(ms: number, paceMs = 20): Promise<void> {
    return this.speak(mulawSilence(ms), paceMs);
  }

  /** The caller hangs up: `stop`, then the socket closes. */
  hangUp(): void {
    this.send({ event: 'stop', sequenceNumber: String(++this.sequence), streamSid: this.streamSid, stop: { accountSid: FAKE_ACCOUNT_SID, callSid: this.callSid } });
    this.transport.close(1000, '');
  }

  /** Whether our audio is still playing: marks sent that Twilio has not echoed yet. */
  get playing(): boolean {
    return this.pendingMarks.length > 0;
  }

  /** Milliseconds of our audio that reached the phone. */
  get receivedMs(): number {
    return this.media.reduce((sum, m) => sum + m.audio.length, 0) / MULAW_BYTES_PER_MS;
  }

  /** The events we sent, by name. */
  events(name: 'media' | 'mark' | 'clear'): any[] {
    return this.received.filter((m) => m.event === name);
  }

  private send(message: Record<string, unknown>) {
    this.transport.send(JSON.stringify(message));
  }

  private receive(text: string) {
    const message = JSON.parse(text);
    this.received.push(message);
    if (message.streamSid !== this.streamSid) this.foreign.push(message);
    const now = performance.now();
    if (message.event === 'media') {
      const audio = Buffer.from(message.media?.payload ?? '', 'base64');
      this.media.push({ audio, at: now });
      this.playheadEnd = Math.max(now, this.playheadEnd) + audio.length / MULAW_BYTES_PER_MS;
    } else if (message.event === 'mark') {
      const name = String(message.mark?.name ?? '');
      if (this.playback === 'instant') return this.echo(name, false);
      const mark = { name, timer: setTimeout(() => this.played(mark), Math.max(0, this.playheadEnd - now)) };
      this.pendingMarks.push(mark);
    } else if (message.event === 'clear') {
      this.clears.push(now);
      this.playheadEnd = now;
      for (const mark of this.pendingMarks.splice(0)) {
        clearTimeout(mark.timer);
        this.echo(mark.name, true);
      }
    }
  }

  private played(mark: { name: string; timer: NodeJS.Timeout }) {
    this.pendingMarks = this.pendingMarks.filter((m) => m !== mark);
    this.echo(mark.name, false);
  }

  private echo(name: string, cleared: boolean) {
    this.echoedMarks.push({ name, at: performance.now(), cleared });
    this.send({ event: 'mark', sequenceNumber: String(++this.sequence), streamSid: this.streamSid, mark: { name } });
  }
}
