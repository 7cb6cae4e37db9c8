import type { NatsConnection, Subscription } from 'nats';
import { createLogger } from '../logger';

const log = createLogger('audio-streams');

/**
 * One side of a relayed WebSocket: the gateway holds the socket, a replica of the owning service holds the other end,
 * and the frames travel over core NATS on two subjects per stream (`<prefix>_audio.<id>.in`, gateway to service, and
 * `.out`, service to gateway). Core NATS keeps the order of one publisher's messages on a subject, so frames arrive
 * in the order they were sent. Each message is one frame, its first byte saying what it is.
 */
export const FRAME_TEXT = 0;
export const FRAME_BINARY = 1;
/** The sender closed its side: `{ code, reason }` as JSON follows. */
export const FRAME_CLOSE = 2;
/** Nothing to say, still here. */
export const FRAME_ALIVE = 3;

/** Each side says it is alive this often... */
export const AUDIO_STREAM_HEARTBEAT_MS = 1_000;
/** ...and takes the other side for gone after this long without a word from it (a replica or gateway that died). */
export const AUDIO_STREAM_LOST_AFTER_MS = 3_000;
/** The close code of a stream whose other side went away without closing it (WebSocket's 'internal error'). */
export const STREAM_LOST_CODE = 1011;

export const audioStreamSubjects = (prefix: string, streamId: string) => ({
  /** From the gateway (the client's frames) to the replica. */
  in: `${prefix}_audio.${streamId}.in`,
  /** From the replica to the gateway (and on to the client). */
  out: `${prefix}_audio.${streamId}.out`,
});

/** How a relayed stream ended: closed by one side with a WebSocket close code, or lost (no heartbeat). */
export interface AudioStreamEnd {
  code: number;
  reason: string;
  /** The other side went silent (it died, or the bus between them did): nobody closed it. */
  lost: boolean;
  /** This side closed it (`close()`), as opposed to the other side. */
  local: boolean;
}

export type AudioFrame = string | Buffer;

export interface AudioPipeTimings {
  heartbeatMs?: number;
  lostAfterMs?: number;
}

/**
 * A relayed WebSocket as either side sees it: `send` a frame, get the other side's with `onMessage` (frames that
 * arrive before a listener is set wait for it), learn the end once with `onClose`. Never throws once open: a frame
 * sent after the end, or while the bus is closing, is dropped.
 */
export class AudioPipe {
  private sub?: Subscription;
  private heartbeat?: NodeJS.Timeout;
  private lastHeard = Date.now();
  private lastSent = 0;
  private messageListener?: (frame: AudioFrame) => void;
  private closeListeners: ((end: AudioStreamEnd) => void)[] = [];
  private waiting: AudioFrame[] = [];
  private ending?: AudioStreamEnd;
  private readonly heartbeatMs: number;
  private readonly lostAfterMs: number;

  constructor(
    private readonly nc: NatsConnection,
    /** Where this side publishes. */
    private readonly sendSubject: string,
    /** Where the other side publishes. */
    private readonly receiveSubject: string,
    readonly streamId: string,
    timings: AudioPipeTimings = {},
  ) {
    this.heartbeatMs = timings.heartbeatMs ?? AUDIO_STREAM_HEARTBEAT_MS;
    this.lostAfterMs = timings.lostAfterMs ?? AUDIO_STREAM_LOST_AFTER_MS;
  }

  /** Subscribes to the other side's frames (before the other side may send: the opener listens before it asks). */
  listen(): this {
    this.sub = this.nc.subscribe(this.receiveSubject, {
      callback: (err, msg) => {
        if (err) return;
        this.receive(msg.data);
      },
    });
    return this;
  }

  /** Starts saying it is alive and watching that the other side does. */
  startHeartbeats(): this {
    this.lastHeard = Date.now();
    this.heartbeat = setInterval(() => this.beat(), Math.max(50, Math.floor(this.heartbeatMs / 2)));
    this.heartbeat.unref();
    return this;
  }

  get closed(): boolean {
    return this.ending !== undefined;
  }

  /** How it ended, once it has. */
  get end(): AudioStreamEnd | undefined {
    return this.ending;
  }

  send(frame: AudioFrame): void {
    if (this.ending) return;
    this.publish(typeof frame === 'string' ? encodeText(frame) : prefixed(FRAME_BINARY, frame));
  }

  /** Closes the stream for both sides with a WebSocket close code (1000 normal). */
  close(code = 1000, reason = ''): void {
    if (this.ending) return;
    this.publish(prefixed(FRAME_CLOSE, Buffer.from(JSON.stringify({ code, reason: reason.slice(0, 120) }))));
    this.finish({ code, reason, lost: false, local: true });
  }

  /** The listener of the other side's frames (one; set it once). Frames received before it was set are given to it now. */
  onMessage(listener: (frame: AudioFrame) => void): void {
    this.messageListener = listener;
    const waiting = this.waiting;
    this.waiting = [];
    for (const frame of waiting) this.deliver(frame);
  }

  /** Called once when the stream ends, however it ends (at once if it has). */
  onClose(listener: (end: AudioStreamEnd) => void): void {
    if (this.ending) listener(this.ending);
    else this.closeListeners.push(listener);
  }

  /** Stops listening without telling the other side (it never took the stream). */
  dispose(): void {
    this.finish({ code: 1006, reason: 'not opened', lost: false, local: true });
  }

  private publish(data: Uint8Array) {
    try {
      this.nc.publish(this.sendSubject, data);
      this.lastSent = Date.now();
    } catch (error) {
      // The connection is closing: the stream ends with it; the heartbeat check on the other side sees to the rest.
      log.debug({ err: error, streamId: this.streamId }, 'audio stream frame not published');
    }
  }

  private receive(data: Uint8Array) {
    if (this.ending || data.length === 0) return;
    this.lastHeard = Date.now();
    const kind = data[0];
    const body = Buffer.from(data.buffer, data.byteOffset + 1, data.byteLength - 1);
    if (kind === FRAME_TEXT) this.deliver(body.toString('utf8'));
    else if (kind === FRAME_BINARY) this.deliver(Buffer.from(body));
    else if (kind === FRAME_CLOSE) {
      let end = { code: 1000, reason: '' };
      try {
        end = { ...end, ...(JSON.parse(body.toString('utf8')) as typeof end) };
      } catch {
        /* a close is a close */
      }
      this.finish({ code: Number(end.code) || 1000, reason: String(end.reason ?? ''), lost: false, local: false });
    }
  }

  private deliver(frame: AudioFrame) {
    if (!this.messageListener) {
      this.waiting.push(frame);
      return;
    }
    try {
      this.messageListener(frame);
    } catch (error) {
      log.error({ err: error, streamId: this.streamId }, 'an audio stream frame listener threw');
    }
  }

  private beat() {
    const now = Date.now();
    if (now - this.lastHeard > this.lostAfterMs) {
      this.finish({ code: STREAM_LOST_CODE, reason: 'The other side of the stream went away', lost: true, local: false });
      return;
    }
    if (now - this.lastSent >= this.heartbeatMs) this.publish(Uint8Array.of(FRAME_ALIVE));
  }

  private finish(end: AudioStreamEnd) {
    if (this.ending) return;
    this.ending = end;
    clearInterval(this.heartbeat);
    this.sub?.unsubscribe();
    this.waiting = [];
    const listeners = this.closeListeners;
    this.closeListeners = [];
    for (const listener of listeners) {
      try {
        listener(end);
      } catch (error) {
        log.error({ err: error, streamId: this.streamId }, 'an audio stream close listener threw');
      }
    }
  }
}

function encodeText(text: string): Buffer {
  const frame = Buffer.allocUnsafe(1 + Buffer.byteLength(text));
  frame[0] = FRAME_TEXT;
  frame.write(text, 1, 'utf8');
  return frame;
}

function prefixed(kind: number, body: Buffer): Buffer {
  const frame = Buffer.allocUnsafe(1 + body.length);
  frame[0] = kind;
  body.copy(frame, 1);
  return frame;
}
