import { useCallback, useEffect, useRef, useState } from 'react';

/** One recorded voice sample, playable from its object URL until deleted. */
export interface RecordedSample {
  id: number;
  blob: Blob;
  url: string;
  seconds: number;
}

/** Why recording is not possible or a take was dropped. */
export type RecorderProblem = 'unsupported' | 'denied' | 'too-large' | 'empty';

export type RecorderState = 'idle' | 'starting' | 'recording';

/** The recording format doc2 asks for, when the browser has it (Safari records audio/mp4 instead). */
const PREFERRED_TYPE = 'audio/webm';

export function isRecordingSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.MediaRecorder !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

/** A file name for the upload part, its extension from the recorded type. */
export function sampleFileName(index: number, type: string): string {
  const ext = type.includes('mp4') ? 'm4a' : type.includes('ogg') ? 'ogg' : 'webm';
  return `sample${index}.${ext}`;
}

/**
 * Records voice samples with getUserMedia + MediaRecorder, one at a time: a seconds counter while recording, an
 * automatic stop after `maxSeconds`, and at most `maxSamples` kept. Object URLs are revoked on delete and unmount.
 */
export function useSampleRecorder({
  maxSamples,
  maxSeconds,
  maxBytes,
  onMicrophoneError,
}: {
  maxSamples: number;
  maxSeconds: number;
  maxBytes: number;
  onMicrophoneError?: () => void;
}) {
  const [samples, setSamples] = useState<RecordedSample[]>([]);
  const [state, setState] = useState<RecorderState>('idle');
  const [elapsed, setElapsed] = useState(0);
  const [problem, setProblem] = useState<RecorderProblem | null>(null);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const timerRef = useRef<ReturnType<typeof setInterval> | null>(null);
  const urlsRef = useRef(new Set<string>());
  const nextIdRef = useRef(1);
  const unmountedRef = useRef(false);

  const releaseMicrophone = useCallback(() => {
    if (timerRef.current) clearInterval(timerRef.current);
    timerRef.current = null;
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  }, []);

  useEffect(() => {
    const urls = urlsRef.current;
    unmountedRef.current = false;
    return () => {
      unmountedRef.current = true;
      const recorder = recorderRef.current;
      if (recorder && recorder.state !== 'inactive') {
        recorder.onstop = null;
        recorder.stop();
      }
      releaseMicrophone();
      urls.forEach((url) => URL.revokeObjectURL(url));
      urls.clear();
    };
  }, [releaseMicrophone]);

  const stop = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
  }, []);

  const start = useCallback(async () => {
    if (state !== 'idle' || samples.length >= maxSamples) return;
    if (!isRecordingSupported()) {
      setProblem('unsupported');
      return;
    }
    setProblem(null);
    setState('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true },
      });
    } catch {
      if (unmountedRef.current) return;
      setState('idle');
      setProblem('denied');
      onMicrophoneError?.();
      return;
    }
    if (unmountedRef.current) {
      stream.getTracks().forEach((track) => track.stop());
      return;
    }
    streamRef.current = stream;
    const mimeType = MediaRecorder.isTypeSupported?.(PREFERRED_TYPE) ? PREFERRED_TYPE : undefined;
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    recorderRef.current = recorder;
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    recorder.ondataavailable = (event: BlobEvent) => {
      if (event.data && event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      releaseMicrophone();
      recorderRef.current = null;
      setState('idle');
      const seconds = Math.max(1, Math.round((Date.now() - startedAt) / 1000));
      const blob = new Blob(chunks, { type: recorder.mimeType || mimeType || PREFERRED_TYPE });
      if (blob.size === 0) return setProblem('empty');
      if (blob.size > maxBytes) return setProblem('too-large');
      const url = URL.createObjectURL(blob);
      urlsRef.current.add(url);
      const id = nextIdRef.current++;
      setSamples((list) => [...list, { id, blob, url, seconds }].slice(0, maxSamples));
    };
    setElapsed(0);
    timerRef.current = setInterval(() => {
      const seconds = Math.floor((Date.now() - startedAt) / 1000);
      setElapsed(seconds);
      if (seconds >= maxSeconds) stop();
    }, 250);
    recorder.start(1000);
    setState('recording');
  }, [state, samples.length, maxSamples, maxSeconds, maxBytes, onMicrophoneError, releaseMicrophone, stop]);

  const remove = useCallback(
    (id: number) => {
      const gone = samples.find((sample) => sample.id === id);
      if (!gone) return;
      URL.revokeObjectURL(gone.url);
      urlsRef.current.delete(gone.url);
      setSamples((list) => list.filter((sample) => sample.id !== id));
    },
    [samples],
  );

  const clear = useCallback(() => {
    urlsRef.current.forEach((url) => URL.revokeObjectURL(url));
    urlsRef.current.clear();
    setSamples([]);
  }, []);

  return { samples, state, elapsed, problem, start, stop, remove, clear };
}
