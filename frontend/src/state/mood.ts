/** The assistant's mood states of doc1 §4 and their labels. */
export const MOODS = {
  idle: 'Ready and waiting',
  listening: 'Hearing your message',
  processing: 'Analyzing request',
  thinking: 'Generating response',
  responding: 'Sending reply',
  active: 'Fully operational',
  error: 'Something went wrong',
} as const;
export type Mood = keyof typeof MOODS;

/** Responding and error fall back to active after 2 seconds. */
export const TRANSIENT_MOOD_MS = 2_000;

/** Every state but idle and error pulses. */
export function moodPulses(mood: Mood): boolean {
  return mood !== 'idle' && mood !== 'error';
}

export interface MoodInputs {
  /** 'responding' or 'error' for 2 s after a reply or a failure. */
  transient: 'responding' | 'error' | null;
  /** A chat (or image) request is in flight. */
  requestInFlight: boolean;
  recording?: boolean;
  /** Wake-phrase or continuous voice mode is on. */
  voiceModeOn?: boolean;
  hasMessages: boolean;
}

/** The mood the indicator shows. A transient state wins, then the request in flight, then recording. */
export function moodOf({
  transient,
  requestInFlight,
  recording,
  voiceModeOn,
  hasMessages,
}: MoodInputs): Mood {
  if (transient) return transient;
  if (requestInFlight) return 'processing';
  if (recording) return 'listening';
  if (voiceModeOn || hasMessages) return 'active';
  return 'idle';
}

/** The theme palette colour of each state. */
export const MOOD_COLORS: Record<
  Mood,
  'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error' | 'grey'
> = {
  idle: 'grey',
  listening: 'info',
  processing: 'warning',
  thinking: 'secondary',
  responding: 'primary',
  active: 'success',
  error: 'error',
};
