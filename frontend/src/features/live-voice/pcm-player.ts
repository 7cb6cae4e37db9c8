import { LIVE_SAMPLE_RATE, pcm16ToFloat32 } from './pcm';

/** The parts of an AudioContext the player uses (a test gives a fake one). */
export interface PlayerContext {
  readonly currentTime: number;
  /** How long after the context renders a sample it is heard (the device's delay), where the browser says. */
  readonly outputLatency?: number;
  createBuffer(channels: number, length: number, sampleRate: number): AudioBuffer;
  createBufferSource(): AudioBufferSourceNode;
}

/** Audio starts this far ahead of now when nothing is playing, so the first frame never starts late and clicks. */
export const START_LEAD_S = 0.05;

interface Scheduled {
  source: AudioBufferSourceNode;
  start: number;
  duration: number;
}

/**
 * Plays Jarvis's answer as its PCM16 frames arrive: each frame is scheduled to start exactly where the one before
 * ends, so the answer plays gapless however the frames were spread on the network. `stop()` silences it at once and
 * says how much of the answer was heard; `onDrained` runs when everything scheduled has played.
 */
export class PcmPlayer {
  private scheduled: Scheduled[] = [];
  /** When the last scheduled frame ends (context time). */
  private endsAt = 0;
  /** What the current answer has had played, in seconds, not counting what is still scheduled. */
  private heardBefore = 0;
  private answer: string | null = null;

  constructor(
    private readonly context: PlayerContext,
    private readonly output: AudioNode,
    private readonly onDrained: (answer: string) => void,
  ) {}

  /** The answer being played, if any. */
  get playing(): string | null {
    return this.answer;
  }

  /** Whether frames of `answer` are still scheduled to play. */
  busy(answer: string): boolean {
    return this.answer === answer && this.scheduled.length > 0;
  }

  /** Schedules one frame of `answer` right after what is already scheduled. */
  enqueue(answer: string, pcm16: ArrayBuffer) {
    const samples = pcm16ToFloat32(pcm16);
    if (samples.length === 0) return;
    if (this.answer !== answer) {
      this.stop();
      this.answer = answer;
      this.heardBefore = 0;
    }
    const buffer = this.context.createBuffer(1, samples.length, LIVE_SAMPLE_RATE);
    buffer.copyToChannel(samples, 0);
    const source = this.context.createBufferSource();
    source.buffer = buffer;
    source.connect(this.output);
    const start = Math.max(
      this.endsAt,
      this.context.currentTime + (this.scheduled.length === 0 ? START_LEAD_S : 0),
    );
    const entry: Scheduled = { source, start, duration: buffer.duration };
    source.onended = () => this.ended(entry);
    source.start(start);
    this.scheduled.push(entry);
    this.endsAt = start + buffer.duration;
  }

  /** Milliseconds of the current answer heard so far (what the context rendered, less what is still on its way out). */
  heardMs(): number {
    const now = this.context.currentTime - (this.context.outputLatency ?? 0);
    const playing = this.scheduled.reduce(
      (sum, s) => sum + Math.min(s.duration, Math.max(0, now - s.start)),
      0,
    );
    return Math.round((this.heardBefore + playing) * 1000);
  }

  /** Silences the answer at once; answers what of it was heard (null when nothing was playing). */
  stop(): { answer: string; ms: number } | null {
    if (!this.answer) return null;
    const heard = { answer: this.answer, ms: this.heardMs() };
    for (const { source } of this.scheduled) {
      source.onended = null;
      try {
        source.stop();
      } catch {
        // Never started or already stopped.
      }
      source.disconnect();
    }
    this.scheduled = [];
    this.endsAt = 0;
    this.answer = null;
    this.heardBefore = 0;
    return heard;
  }

  private ended(entry: Scheduled) {
    this.scheduled = this.scheduled.filter((s) => s !== entry);
    this.heardBefore += entry.duration;
    if (this.scheduled.length === 0 && this.answer) {
      const answer = this.answer;
      this.endsAt = 0;
      this.onDrained(answer);
    }
  }
}
