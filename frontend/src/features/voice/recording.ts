/** Recording picks the first format the browser supports, in this order (doc1 §5). */
export const RECORDING_TYPES = ['audio/mp4', 'audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus'];

/** Audio is asked for at 48 kHz with echo cancellation and noise suppression (doc1 §9). */
export const AUDIO_CONSTRAINTS: MediaTrackConstraints = {
  sampleRate: 48_000,
  echoCancellation: true,
  noiseSuppression: true,
};

/** The recorder hands over data every second (doc1 §9). */
export const RECORDER_TIMESLICE_MS = 1_000;

export function canRecord(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.MediaRecorder !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

/** The first supported type of RECORDING_TYPES; undefined lets the browser choose. */
export function pickRecordingType(
  isSupported: (type: string) => boolean = (type) => MediaRecorder.isTypeSupported?.(type) ?? false,
): string | undefined {
  return RECORDING_TYPES.find((type) => {
    try {
      return isSupported(type);
    } catch {
      return false;
    }
  });
}

/** A blob as plain base64 (no data: prefix). */
export async function blobToBase64(blob: Blob): Promise<string> {
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the recording'));
    reader.readAsDataURL(blob);
  });
  return dataUrl.slice(dataUrl.indexOf(',') + 1);
}

/** getUserMedia refused: no permission or no microphone ('Microphone Error'). */
export class MicrophoneAccessError extends Error {
  constructor(readonly cause?: unknown) {
    super('Could not access microphone. Please check permissions.');
    this.name = 'MicrophoneAccessError';
  }
}

export interface Recording {
  blob: Blob;
  mimeType: string;
  seconds: number;
}

/**
 * One take from the microphone. `start()` asks for the microphone (rejecting when it is denied or missing);
 * `stop()` resolves with what was recorded and releases the microphone. `stream` is there for a level meter.
 */
export class MicrophoneRecording {
  stream: MediaStream | null = null;
  private recorder: MediaRecorder | null = null;
  private chunks: Blob[] = [];
  private startedAt = 0;
  private done: Promise<Recording> | null = null;

  async start(): Promise<void> {
    if (!canRecord()) throw new MicrophoneAccessError();
    try {
      this.stream = await navigator.mediaDevices.getUserMedia({ audio: AUDIO_CONSTRAINTS });
    } catch (error) {
      throw new MicrophoneAccessError(error);
    }
    const mimeType = pickRecordingType();
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(this.stream, mimeType ? { mimeType } : undefined);
    } catch (error) {
      this.release();
      throw error;
    }
    this.recorder = recorder;
    this.chunks = [];
    this.startedAt = Date.now();
    recorder.ondataavailable = (event: BlobEvent) => {
      if (event.data && event.data.size > 0) this.chunks.push(event.data);
    };
    this.done = new Promise<Recording>((resolve) => {
      recorder.onstop = () => {
        this.release();
        const type = recorder.mimeType || mimeType || 'audio/webm';
        resolve({
          blob: new Blob(this.chunks, { type }),
          mimeType: type,
          seconds: (Date.now() - this.startedAt) / 1000,
        });
      };
    });
    recorder.start(RECORDER_TIMESLICE_MS);
  }

  get recording(): boolean {
    return this.recorder?.state === 'recording';
  }

  /** Ends the take; resolves with the audio (empty when nothing was heard). */
  stop(): Promise<Recording> {
    const recorder = this.recorder;
    if (!recorder || !this.done) return Promise.resolve({ blob: new Blob(), mimeType: '', seconds: 0 });
    if (recorder.state !== 'inactive') recorder.stop();
    return this.done;
  }

  /** Drops the take without waiting for it (the screen went away). */
  cancel(): void {
    const recorder = this.recorder;
    if (recorder && recorder.state !== 'inactive') {
      recorder.onstop = null;
      recorder.stop();
    }
    this.release();
  }

  private release() {
    this.stream?.getTracks().forEach((track) => track.stop());
  }
}
