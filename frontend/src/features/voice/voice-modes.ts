import type { ToastFn } from '../../components/toast/toast-context';
import { getVoiceState, updateVoiceState } from './voice-store';

/** The few parts of the Web Speech API's recognition that Jarvis uses (TypeScript's DOM types lack it). */
interface RecognitionAlternative {
  transcript: string;
}
interface RecognitionResult {
  readonly isFinal: boolean;
  readonly length: number;
  [index: number]: RecognitionAlternative;
}
export interface RecognitionEvent {
  resultIndex: number;
  results: { readonly length: number; [index: number]: RecognitionResult };
}
export interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: RecognitionEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionCtor = new () => Recognition;

export function recognitionCtor(): RecognitionCtor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as {
    SpeechRecognition?: RecognitionCtor;
    webkitSpeechRecognition?: RecognitionCtor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

export const RECOGNITION_UNAVAILABLE = {
  title: 'Speech Recognition Not Available',
  description: 'Your browser does not support speech recognition. Try Chrome, Edge or Safari.',
} as const;
export const MICROPHONE_REQUIRED = {
  title: 'Microphone Access Required',
  description: 'Please allow microphone access in your browser to talk to Jarvis.',
} as const;

/** After the wake phrase alone, Jarvis listens this long for the command (doc1 §9). */
export const WAKE_LISTEN_MS = 8_000;
/** A command after the wake phrase counts only when longer than 2 characters (doc1 §5). */
export const MIN_COMMAND_LENGTH = 3;

/** The name and its usual mishearings, with or without a greeting before it. */
const NAME = '(?:jarvis|jarvus|jervis|jarvas|jarves|jarviss|jervus|javis)';
const WAKE_PHRASE = new RegExp(`\\b(?:(?:hey|hi|hello|ok|okay|yo)[\\s,]+)?${NAME}\\b[\\s,.!?:;-]*`, 'i');

/**
 * What follows the wake phrase in `transcript`: null when there is no wake phrase, '' when it was said alone.
 * 'Hey Jarvis, what time is it' → 'what time is it'.
 */
export function commandAfterWakePhrase(transcript: string): string | null {
  const match = WAKE_PHRASE.exec(transcript);
  if (!match) return null;
  return transcript.slice(match.index + match[0].length).trim();
}

export function isCommand(text: string): boolean {
  return text.trim().length >= MIN_COMMAND_LENGTH;
}

export type VoiceMode = 'wake' | 'continuous';

interface Handlers {
  onCommand: (text: string) => void;
  toast: ToastFn;
}

let recognition: Recognition | null = null;
let mode: VoiceMode | null = null;
let handlers: Handlers | null = null;
let awaitingUntil = 0;
/** Always mode running over live voice (features/voice/always-live.ts): how to end it. */
let liveStop: (() => void) | null = null;
let awaitTimer: ReturnType<typeof setTimeout> | undefined;
let restartTimer: ReturnType<typeof setTimeout> | undefined;

function heard(text: string) {
  updateVoiceState({ heard: text });
}

function stopAwaiting() {
  awaitingUntil = 0;
  clearTimeout(awaitTimer);
}

function deliver(text: string) {
  heard('');
  handlers?.onCommand(text);
}

function onFinal(transcript: string) {
  const text = transcript.trim();
  if (!text) return;
  if (mode === 'continuous') {
    deliver(text);
    return;
  }
  if (awaitingUntil > Date.now()) {
    stopAwaiting();
    const command = commandAfterWakePhrase(text) ?? text;
    if (isCommand(command)) deliver(command);
    else heard('');
    return;
  }
  const command = commandAfterWakePhrase(text);
  if (command === null) return heard('');
  if (isCommand(command)) return deliver(command);
  // The wake phrase alone: listen once for the command, up to 8 s.
  awaitingUntil = Date.now() + WAKE_LISTEN_MS;
  heard('Yes? Listening...');
  clearTimeout(awaitTimer);
  awaitTimer = setTimeout(() => {
    awaitingUntil = 0;
    heard('');
  }, WAKE_LISTEN_MS);
}

function onResult(event: RecognitionEvent) {
  // Jarvis's own voice is not a command.
  if (getVoiceState().speaking) return;
  let interim = '';
  for (let i = event.resultIndex; i < event.results.length; i++) {
    const result = event.results[i];
    const transcript = result[0]?.transcript ?? '';
    if (result.isFinal) onFinal(transcript);
    else interim += transcript;
  }
  if (interim.trim() && (mode === 'continuous' || awaitingUntil > Date.now() || WAKE_PHRASE.test(interim)))
    heard(interim.trim());
}

function startRecognition() {
  const Ctor = recognitionCtor();
  if (!Ctor || !mode) return;
  const r = new Ctor();
  r.lang = 'en-US';
  r.continuous = true;
  r.interimResults = true;
  r.onresult = onResult;
  r.onerror = (event) => {
    if (
      event.error === 'not-allowed' ||
      event.error === 'service-not-allowed' ||
      event.error === 'audio-capture'
    ) {
      handlers?.toast({ ...MICROPHONE_REQUIRED, variant: 'destructive' });
      setVoiceMode(null);
    } else if (event.error === 'network' || event.error === 'language-not-supported') {
      // The browser's recognition service cannot be reached: starting again would only fail again.
      handlers?.toast({ ...RECOGNITION_UNAVAILABLE, variant: 'destructive' });
      setVoiceMode(null);
    }
    // 'no-speech' and 'aborted' are pauses: the recognition starts again when it ends.
  };
  // Browsers end continuous recognition after a pause or a while; it starts again as long as the mode is on.
  r.onend = () => {
    if (recognition !== r || !mode) return;
    clearTimeout(restartTimer);
    restartTimer = setTimeout(() => {
      if (recognition === r && mode) {
        try {
          r.start();
        } catch {
          // Already started.
        }
      }
    }, 250);
  };
  recognition = r;
  try {
    r.start();
  } catch {
    handlers?.toast({ ...MICROPHONE_REQUIRED, variant: 'destructive' });
    setVoiceMode(null);
  }
}

/** Keeps the latest send and toast (the chat screen may have been shown again since the mode started). */
export function setVoiceHandlers(next: Handlers) {
  handlers = next;
}

/**
 * Turns 'Hey Jarvis' (wake) or 'Always' (continuous) mode on, or both off (null). The two share the recognition,
 * so one on turns the other off. False with the 'Speech Recognition Not Available' toast when the browser lacks it.
 */
export function setVoiceMode(next: VoiceMode | null, withHandlers?: Handlers): boolean {
  if (withHandlers) handlers = withHandlers;
  const endLive = liveStop;
  liveStop = null;
  endLive?.();
  stopAwaiting();
  clearTimeout(restartTimer);
  const old = recognition;
  recognition = null;
  if (old) {
    old.onend = null;
    old.onresult = null;
    old.onerror = null;
    try {
      old.abort();
    } catch {
      // Already stopped.
    }
  }
  if (next && !recognitionCtor()) {
    handlers?.toast({ ...RECOGNITION_UNAVAILABLE, variant: 'destructive' });
    next = null;
  }
  mode = next;
  updateVoiceState({ wakeMode: next === 'wake', continuousMode: next === 'continuous', heard: '' });
  if (next) startRecognition();
  return next !== null;
}

/**
 * Always mode over live voice (issue 20): the recognition stops, the toggle shows ON, and `stop` ends the live
 * session when the mode changes (turned off, or 'Hey Jarvis' turned on).
 */
export function setLiveContinuous(stop: () => void) {
  setVoiceMode(null);
  liveStop = stop;
  mode = 'continuous';
  updateVoiceState({ wakeMode: false, continuousMode: true, heard: '' });
}
