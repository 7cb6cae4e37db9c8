import { callApi } from '../../api/client';
import { QUOTA_TITLE, quotaExceededOf, quotaMessage } from '../../api/quota';
import { api } from '../../api/routes';
import type { ToastFn } from '../../components/toast/toast-context';
import { blobToBase64, MicrophoneAccessError, MicrophoneRecording } from './recording';
import { getVoiceState, updateVoiceState } from './voice-store';

/** doc1 §8, Microphone and transcription. */
export const MIC_ERROR = {
  title: 'Microphone Error',
  description: 'Could not access microphone. Please check permissions.',
} as const;
export const RECORDING_FAILED = {
  title: 'Recording Failed',
  description: 'Could not access microphone. Please check permissions.',
} as const;
export const TRANSCRIPTION_FAILED = {
  title: 'Transcription Failed',
  description: 'Could not transcribe audio. Please try again.',
} as const;

/** One-shot listening stops by itself after 10 seconds (doc1 §9) and sends what it has. */
export const TALK_MAX_SECONDS = 10;

let current: MicrophoneRecording | null = null;
let counter: ReturnType<typeof setInterval> | undefined;
let autoStop: ReturnType<typeof setTimeout> | undefined;

/**
 * TALK: starts recording from the microphone, with a seconds counter. Not while wake-phrase mode is on. After
 * TALK_MAX_SECONDS the take stops by itself, as STOP would, and `onText` gets its words.
 */
export async function startTalking(toast: ToastFn, onText: (text: string) => void): Promise<boolean> {
  const s = getVoiceState();
  if (current || s.recording || s.transcribing || s.wakeMode) return false;
  const take = new MicrophoneRecording();
  current = take;
  try {
    await take.start();
  } catch (error) {
    current = null;
    const problem = error instanceof MicrophoneAccessError ? MIC_ERROR : RECORDING_FAILED;
    toast({ ...problem, variant: 'destructive' });
    return false;
  }
  const startedAt = Date.now();
  updateVoiceState({ recording: true, recordingSeconds: 0 });
  clearInterval(counter);
  counter = setInterval(
    () =>
      updateVoiceState({
        recordingSeconds: Math.min(TALK_MAX_SECONDS, Math.floor((Date.now() - startedAt) / 1000)),
      }),
    250,
  );
  clearTimeout(autoStop);
  autoStop = setTimeout(() => {
    if (current === take) void stopTalking(toast, onText);
  }, TALK_MAX_SECONDS * 1000);
  return true;
}

/**
 * STOP: ends the take, transcribes it and hands the text over (the chat sends it). Nothing heard, or a failed
 * transcription, is a 'Transcription Failed' toast.
 */
export async function stopTalking(toast: ToastFn, onText: (text: string) => void): Promise<void> {
  const take = current;
  if (!take) return;
  current = null;
  clearInterval(counter);
  clearTimeout(autoStop);
  updateVoiceState({ recording: false, recordingSeconds: 0, transcribing: true });
  try {
    const recording = await take.stop();
    if (recording.blob.size === 0) {
      toast({ ...RECORDING_FAILED, variant: 'destructive' });
      return;
    }
    const audioBase64 = await blobToBase64(recording.blob);
    const { text } = await callApi(api.voice.transcribe, { audioBase64, mimeType: recording.mimeType });
    if (!text?.trim()) throw new Error('Nothing was heard');
    onText(text.trim());
  } catch (error) {
    const quota = quotaExceededOf(error);
    toast(
      quota
        ? { title: QUOTA_TITLE, description: quotaMessage(quota), variant: 'destructive' }
        : { ...TRANSCRIPTION_FAILED, variant: 'destructive' },
    );
  } finally {
    updateVoiceState({ transcribing: false });
  }
}

/** For tests and sign-out: drop a take in progress. */
export function cancelTalking() {
  current?.cancel();
  current = null;
  clearInterval(counter);
  clearTimeout(autoStop);
  updateVoiceState({ recording: false, recordingSeconds: 0, transcribing: false });
}
