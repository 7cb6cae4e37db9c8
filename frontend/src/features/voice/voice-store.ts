import { useSyncExternalStore } from 'react';

/**
 * What the voice features are doing, for the chat screen to show (mood, status line, toggles, 'Click to hear').
 * Kept tiny and outside React: the recorder, recognition and playback code load on first use and write here.
 */
export interface VoiceState {
  /** The manual microphone (TALK) is recording. */
  recording: boolean;
  recordingSeconds: number;
  /** The recorded audio is being transcribed. */
  transcribing: boolean;
  /** 'Hey Jarvis' (wake-phrase) mode is on. */
  wakeMode: boolean;
  /** 'Always' (continuous) mode is on. */
  continuousMode: boolean;
  /** What speech recognition heard so far, or a hint of what it waits for. */
  heard: string;
  /** A reply is being read aloud. */
  speaking: boolean;
  /** Autoplay was blocked: the floating 'Click to hear' button plays this until it expires. */
  blockedPlayback: { play: () => void; expiresAt: number } | null;
}

const initial: VoiceState = {
  recording: false,
  recordingSeconds: 0,
  transcribing: false,
  wakeMode: false,
  continuousMode: false,
  heard: '',
  speaking: false,
  blockedPlayback: null,
};

let state: VoiceState = initial;
const listeners = new Set<() => void>();

export function getVoiceState(): VoiceState {
  return state;
}

export function updateVoiceState(patch: Partial<VoiceState>) {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

/** For tests: forget everything. */
export function resetVoiceState() {
  state = initial;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useVoiceState(): VoiceState {
  return useSyncExternalStore(subscribe, getVoiceState, getVoiceState);
}
