import { callApi } from '../../api/client';
import { api } from '../../api/routes';
import { speakWithBrowser } from '../voice/speech';
import {
  AUDIO_CONSTRAINTS,
  blobToBase64,
  pickRecordingType,
  RECORDER_TIMESLICE_MS,
} from '../voice/recording';
import { speakableText } from '../voice/speakable';

export type OrbPhase = 'idle' | 'listening' | 'transcribing' | 'thinking' | 'speaking' | 'error';

export const ORB_START_TEXT = 'Click "Start Voice Chat" to begin';
export const ORB_STATUS: Record<OrbPhase, string> = {
  idle: ORB_START_TEXT,
  listening: 'Listening... speak now',
  transcribing: 'Transcribing...',
  thinking: 'Jarvis is thinking...',
  speaking: 'Jarvis is speaking...',
  error: 'Something went wrong',
};

/** The level (0..1) above which the microphone counts as speech, and the pause that ends an utterance. */
export const SPEECH_LEVEL = 0.04;
export const SILENCE_MS = 1_200;
/** An utterance is cut at 30 s; a take with no speech is thrown away and started again after 15 s. */
export const MAX_UTTERANCE_MS = 30_000;
export const IDLE_RESTART_MS = 15_000;
/** History sent with each message, as the chat does (doc1 §5). */
const HISTORY = 10;

export interface OrbTurn {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  at: string;
}

export interface OrbCallbacks {
  onPhase: (phase: OrbPhase, detail?: string) => void;
  onTurn: (turn: OrbTurn) => void;
  /** The loudness of the microphone or of the reply, 0..1, many times a second. */
  onLevel: (level: number) => void;
}

/** Root-mean-square loudness of a time-domain frame (bytes centred on 128), 0..1. */
export function levelOf(frame: Uint8Array): number {
  if (frame.length === 0) return 0;
  let sum = 0;
  for (const byte of frame) {
    const v = (byte - 128) / 128;
    sum += v * v;
  }
  return Math.min(1, Math.sqrt(sum / frame.length));
}

/**
 * Decides when an utterance ends: speech must have been heard, then `silenceMs` of quiet. Fed one level at a time
 * with the time it was measured.
 */
export class EndOfSpeech {
  private heardAt: number | null = null;
  private quietSince: number | null = null;

  constructor(
    private readonly threshold = SPEECH_LEVEL,
    private readonly silenceMs = SILENCE_MS,
  ) {}

  get heardSpeech(): boolean {
    return this.heardAt !== null;
  }

  /** True once the speaker has finished. */
  feed(level: number, now: number): boolean {
    if (level >= this.threshold) {
      this.heardAt ??= now;
      this.quietSince = null;
      return false;
    }
    if (this.heardAt === null) return false;
    this.quietSince ??= now;
    return now - this.quietSince >= this.silenceMs;
  }
}

let turnCounter = 0;
const turnId = () => `orb-${Date.now().toString(36)}-${++turnCounter}`;

/**
 * The orb's hands-free loop: listen until the speaker pauses, transcribe, ask Jarvis, say the reply, listen again.
 * The microphone level and the reply's loudness drive the orb.
 */
export class OrbLoop {
  private stream: MediaStream | null = null;
  private context: AudioContext | null = null;
  private micAnalyser: AnalyserNode | null = null;
  private replyAnalyser: AnalyserNode | null = null;
  private recorder: MediaRecorder | null = null;
  private frame = 0;
  private running = false;
  private history: OrbTurn[] = [];

  constructor(
    private readonly audio: HTMLAudioElement,
    private readonly callbacks: OrbCallbacks,
  ) {}

  get active(): boolean {
    return this.running;
  }

  /** Asks for the microphone and starts listening. False when the microphone cannot be used. */
  async start(): Promise<boolean> {
    if (this.running) return true;
    try {
      this.stream = await navigator.mediaDevices.getUserMedia({ audio: AUDIO_CONSTRAINTS });
    } catch {
      this.callbacks.onPhase(
        'error',
        'Microphone access is needed for voice chat. Please check permissions.',
      );
      return false;
    }
    this.running = true;
    try {
      const Context =
        window.AudioContext ??
        (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
      this.context = new Context();
      this.micAnalyser = this.context.createAnalyser();
      this.micAnalyser.fftSize = 1024;
      this.context.createMediaStreamSource(this.stream).connect(this.micAnalyser);
    } catch {
      // No Web Audio: the loop still works, ending each take after MAX_UTTERANCE_MS or on Stop.
      this.context = null;
      this.micAnalyser = null;
    }
    void this.listen();
    return true;
  }

  /** Stops listening and speaking and lets go of the microphone. */
  stop() {
    this.running = false;
    cancelAnimationFrame(this.frame);
    if (this.recorder && this.recorder.state !== 'inactive') {
      this.recorder.ondataavailable = null;
      this.recorder.onstop = null;
      this.recorder.stop();
    }
    this.recorder = null;
    this.stream?.getTracks().forEach((track) => track.stop());
    this.stream = null;
    this.audio.pause();
    if ('speechSynthesis' in window) window.speechSynthesis.cancel();
    void this.context?.close().catch(() => undefined);
    this.context = null;
    this.micAnalyser = null;
    this.replyAnalyser = null;
    this.callbacks.onLevel(0);
    this.callbacks.onPhase('idle');
  }

  clear() {
    this.history = [];
  }

  private measure(analyser: AnalyserNode | null): number {
    if (!analyser) return 0;
    const data = new Uint8Array(analyser.fftSize);
    analyser.getByteTimeDomainData(data);
    return levelOf(data);
  }

  /** One utterance: records until the speaker pauses, then hands it on. */
  private async listen(): Promise<void> {
    if (!this.running || !this.stream) return;
    this.callbacks.onPhase('listening');
    const mimeType = pickRecordingType();
    const recorder = new MediaRecorder(this.stream, mimeType ? { mimeType } : undefined);
    this.recorder = recorder;
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    const detector = new EndOfSpeech();
    const startedAt = performance.now();
    const finished = new Promise<void>((resolve) => {
      recorder.onstop = () => resolve();
    });
    recorder.start(RECORDER_TIMESLICE_MS);

    const tick = () => {
      if (!this.running || this.recorder !== recorder) return;
      const now = performance.now();
      const level = this.measure(this.micAnalyser);
      this.callbacks.onLevel(level);
      const done = detector.feed(level, now) || now - startedAt >= MAX_UTTERANCE_MS;
      const idle = !detector.heardSpeech && now - startedAt >= IDLE_RESTART_MS;
      if (done || idle) {
        if (idle) chunks.length = 0;
        recorder.stop();
        return;
      }
      this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
    await finished;
    if (!this.running) return;
    this.callbacks.onLevel(0);
    if (!detector.heardSpeech || chunks.length === 0) {
      void this.listen();
      return;
    }
    await this.respond(new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' }));
    if (this.running) void this.listen();
  }

  private async respond(audio: Blob): Promise<void> {
    this.callbacks.onPhase('transcribing');
    let text: string;
    try {
      const res = await callApi(api.voice.transcribe, {
        audioBase64: await blobToBase64(audio),
        mimeType: audio.type,
      });
      text = res.text?.trim() ?? '';
    } catch {
      this.callbacks.onPhase('error', 'Could not transcribe audio. Please try again.');
      await pause(1_500);
      return;
    }
    if (!text || !this.running) return;
    const mine: OrbTurn = { id: turnId(), role: 'user', text, at: new Date().toISOString() };
    this.callbacks.onTurn(mine);
    this.callbacks.onPhase('thinking');
    let reply: string;
    try {
      // callApi directly: api/chat belongs to the chat's start code, and sharing it would split it out.
      const res = await callApi(api.chat.send, {
        message: text,
        history: this.history.slice(-HISTORY).map((t) => ({
          id: t.id,
          role: t.role,
          content: t.text,
          timestamp: t.at,
          actions: [],
        })),
      });
      reply = res.reply;
    } catch {
      this.callbacks.onPhase('error', 'Unable to send message. Please try again.');
      await pause(1_500);
      return;
    }
    this.history.push(mine);
    const answer: OrbTurn = { id: turnId(), role: 'assistant', text: reply, at: new Date().toISOString() };
    this.history.push(answer);
    this.callbacks.onTurn(answer);
    if (!this.running) return;
    this.callbacks.onPhase('speaking');
    await this.say(reply);
  }

  /** Says the reply in Jarvis's voice through the page's audio element, or the browser's voice. */
  private async say(text: string): Promise<void> {
    const clean = speakableText(text);
    if (!clean) return;
    try {
      const res = await callApi(api.voice.speak, { text: clean });
      if (!res.ok || !res.audioBase64) throw new Error('No audio');
      this.audio.src = `data:${res.mime || 'audio/mpeg'};base64,${res.audioBase64}`;
      this.connectReply();
      const ended = new Promise<void>((resolve) => {
        this.audio.onended = () => resolve();
        this.audio.onerror = () => resolve();
      });
      await this.audio.play();
      this.audio.setAttribute('data-played', 'true');
      await this.follow(ended, () => this.measure(this.replyAnalyser));
      return;
    } catch {
      // The provider is not configured or the audio could not play: the browser's voice instead.
    }
    if (!this.running || !speakWithBrowser(clean)) return;
    let t = 0;
    // Speech synthesis gives no level: a gentle wave keeps the orb alive while it talks.
    const spoken = new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (!window.speechSynthesis.speaking || !this.running) {
          clearInterval(poll);
          resolve();
        }
      }, 200);
    });
    await this.follow(spoken, () => 0.15 + 0.1 * Math.sin((t += 0.25)));
  }

  private connectReply() {
    if (!this.context || this.replyAnalyser) return;
    try {
      this.replyAnalyser = this.context.createAnalyser();
      this.replyAnalyser.fftSize = 1024;
      const source = this.context.createMediaElementSource(this.audio);
      source.connect(this.replyAnalyser);
      this.replyAnalyser.connect(this.context.destination);
    } catch {
      this.replyAnalyser = null;
    }
  }

  /** Reports `level()` every frame until `done` settles. */
  private async follow(done: Promise<void>, level: () => number) {
    let over = false;
    void done.then(() => {
      over = true;
    });
    const tick = () => {
      if (over || !this.running) return;
      this.callbacks.onLevel(level());
      this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
    await done;
    cancelAnimationFrame(this.frame);
    this.callbacks.onLevel(0);
  }
}

function pause(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
