import { useCallback, useEffect, useRef, useState } from 'react';
import { MicrophoneRecording, type Recording } from './recording';

/**
 * One recording at a time from a card (interpreter, music): `start()` resolves false when the microphone cannot be
 * used, `stop()` resolves with the audio; a seconds counter runs meanwhile, `maxSeconds` stops it by itself
 * (`onAutoStop` gets the audio), and leaving the screen drops the take.
 */
export function useMicrophoneTake({
  maxSeconds,
  onAutoStop,
}: { maxSeconds?: number; onAutoStop?: (recording: Recording) => void } = {}) {
  const [recording, setRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const takeRef = useRef<MicrophoneRecording | null>(null);
  const timerRef = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const autoStopRef = useRef(onAutoStop);
  useEffect(() => {
    autoStopRef.current = onAutoStop;
  }, [onAutoStop]);

  const stop = useCallback(async (): Promise<Recording | null> => {
    const take = takeRef.current;
    if (!take) return null;
    takeRef.current = null;
    clearInterval(timerRef.current);
    setRecording(false);
    return take.stop();
  }, []);

  const start = useCallback(async (): Promise<boolean> => {
    if (takeRef.current) return false;
    const take = new MicrophoneRecording();
    takeRef.current = take;
    try {
      await take.start();
    } catch {
      takeRef.current = null;
      return false;
    }
    const startedAt = Date.now();
    setSeconds(0);
    setRecording(true);
    timerRef.current = setInterval(() => {
      const elapsed = Math.floor((Date.now() - startedAt) / 1000);
      setSeconds(elapsed);
      if (maxSeconds !== undefined && elapsed >= maxSeconds && takeRef.current === take) {
        void stop().then((audio) => {
          if (audio) autoStopRef.current?.(audio);
        });
      }
    }, 250);
    return true;
  }, [maxSeconds, stop]);

  useEffect(
    () => () => {
      clearInterval(timerRef.current);
      takeRef.current?.cancel();
      takeRef.current = null;
    },
    [],
  );

  return { recording, seconds, start, stop };
}
