/**
 * The browser's side of a live session, faked for the unit tests: a WebSocket the test speaks into as the service, an
 * AudioContext whose clock the test moves (sources end when it passes them), a microphone and a capture worklet the
 * test makes "hear" frames. Only what LiveVoiceSession and PcmPlayer use.
 */
import type { LiveVoiceServerMessage } from '@jarvis/contracts';
import type { LiveVoiceEnvironment } from './live-voice-session';

export class FakeSocket {
  readyState = 0;
  binaryType = 'blob';
  sent: (string | ArrayBuffer)[] = [];
  closedWith: number | null = null;
  onmessage: ((event: { data: string | ArrayBuffer }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string | ArrayBuffer) {
    this.sent.push(data);
  }

  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }

  /** The service's JSON messages. */
  serve(message: LiveVoiceServerMessage) {
    this.readyState = 1;
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  /** A binary frame of the answer's audio. */
  audio(frame: ArrayBuffer) {
    this.onmessage?.({ data: frame });
  }

  /** The connection closes (refused before the upgrade: 1006; the service's own codes). */
  closeFromServer(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }

  /** What the browser said in JSON. */
  messages(): unknown[] {
    return this.sent.filter((s): s is string => typeof s === 'string').map((s) => JSON.parse(s) as unknown);
  }

  /** The microphone frames it sent. */
  frames(): ArrayBuffer[] {
    return this.sent.filter((s): s is ArrayBuffer => s instanceof ArrayBuffer);
  }
}

export class FakeSource {
  buffer: { duration: number } | null = null;
  startedAt: number | null = null;
  stopped = false;
  onended: (() => void) | null = null;
  connect() {}
  disconnect() {}
  start(at: number) {
    this.startedAt = at;
  }
  stop() {
    this.stopped = true;
  }
}

/** An AudioContext whose time the test moves with `advance`. */
export class FakeAudioContext {
  currentTime = 0;
  outputLatency = 0;
  closed = false;
  sources: FakeSource[] = [];
  modules: string[] = [];
  readonly destination = {};
  readonly audioWorklet = {
    addModule: async (url: string) => {
      this.modules.push(url);
      await this.workletLoaded;
    },
  };

  constructor(
    readonly sampleRate = 24_000,
    private readonly workletLoaded: Promise<void> = Promise.resolve(),
  ) {}

  async resume() {}
  async close() {
    this.closed = true;
  }
  createMediaStreamSource() {
    return { connect() {}, disconnect() {} };
  }
  createAnalyser() {
    return { fftSize: 2048, connect() {}, getFloatTimeDomainData: (frame: Float32Array) => frame.fill(0) };
  }
  createBuffer(_channels: number, length: number, sampleRate: number) {
    return { duration: length / sampleRate, copyToChannel() {} };
  }
  createBufferSource() {
    const source = new FakeSource();
    this.sources.push(source);
    return source;
  }

  /** Moves the clock; every source that has played to its end by then says so, in order. */
  advance(seconds: number) {
    this.currentTime += seconds;
    for (const source of this.sources) {
      if (source.stopped || source.startedAt === null || !source.onended) continue;
      if (source.startedAt + (source.buffer?.duration ?? 0) <= this.currentTime + 1e-9) {
        const ended = source.onended;
        source.onended = null;
        ended();
      }
    }
  }
}

export class FakeCapture {
  readonly port: { onmessage: ((event: { data: ArrayBuffer }) => void) | null } = { onmessage: null };
  disconnected = false;
  disconnect() {
    this.disconnected = true;
  }
  /** The worklet posts a 40 ms frame of the microphone. */
  hear(frame = new ArrayBuffer(1_920)) {
    this.port.onmessage?.({ data: frame });
  }
}

export interface FakeBrowser {
  env: LiveVoiceEnvironment;
  socket(): FakeSocket;
  context(): FakeAudioContext;
  capture(): FakeCapture;
  /** Whether the microphone's tracks were all stopped. */
  micReleased(): boolean;
  sockets: FakeSocket[];
}

/** A browser for one session; `refuseMicrophone`: getUserMedia fails; `workletLoaded`: when the worklet has loaded. */
export function fakeBrowser(
  options: { refuseMicrophone?: boolean; workletLoaded?: Promise<void> } = {},
): FakeBrowser {
  const sockets: FakeSocket[] = [];
  const contexts: FakeAudioContext[] = [];
  const captures: FakeCapture[] = [];
  const tracks = [{ stopped: false, stop: () => (tracks[0].stopped = true) }];
  const env: LiveVoiceEnvironment = {
    getUserMedia: async () => {
      if (options.refuseMicrophone) throw new DOMException('Permission denied', 'NotAllowedError');
      return { getTracks: () => tracks } as unknown as MediaStream;
    },
    createContext: (sampleRate) => {
      const context = new FakeAudioContext(sampleRate, options.workletLoaded);
      contexts.push(context);
      return context as unknown as AudioContext;
    },
    openSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    workletUrl: '/assets/pcm-capture.js',
    createCapture: () => {
      const capture = new FakeCapture();
      captures.push(capture);
      return capture as unknown as AudioWorkletNode;
    },
  };
  return {
    env,
    sockets,
    socket: () => sockets.at(-1)!,
    context: () => contexts.at(-1)!,
    capture: () => captures.at(-1)!,
    micReleased: () => tracks.every((t) => t.stopped),
  };
}

/** `ms` of PCM16 at 24 kHz (48 bytes a millisecond). */
export function pcmOf(ms: number): ArrayBuffer {
  const bytes = new ArrayBuffer(ms * 48);
  new DataView(bytes).setInt16(0, 1_000, true);
  return bytes;
}
