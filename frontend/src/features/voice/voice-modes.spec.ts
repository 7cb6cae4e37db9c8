import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getVoiceState, resetVoiceState } from './voice-store';
import {
  commandAfterWakePhrase,
  isCommand,
  MICROPHONE_REQUIRED,
  RECOGNITION_UNAVAILABLE,
  setVoiceMode,
  WAKE_LISTEN_MS,
  type RecognitionEvent,
} from './voice-modes';

/** A SpeechRecognition the test speaks into. */
class FakeRecognition {
  static last: FakeRecognition | null = null;
  lang = '';
  continuous = false;
  interimResults = false;
  started = 0;
  onresult: ((event: RecognitionEvent) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  constructor() {
    FakeRecognition.last = this;
  }
  start() {
    this.started += 1;
  }
  stop() {}
  abort() {}
  say(transcript: string, isFinal = true) {
    const result = Object.assign([{ transcript }], { isFinal });
    this.onresult?.({ resultIndex: 0, results: Object.assign([result], { length: 1 }) });
  }
}

const onCommand = vi.fn();
const toast = vi.fn();

beforeEach(() => {
  resetVoiceState();
  onCommand.mockReset();
  toast.mockReset();
  vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
});
afterEach(() => {
  setVoiceMode(null);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the wake phrase', () => {
  it('finds the command after the greeting and the name, the name alone, and its mishearings', () => {
    expect(commandAfterWakePhrase('Hey Jarvis, what time is it?')).toBe('what time is it?');
    expect(commandAfterWakePhrase('jarvis remind me at 5')).toBe('remind me at 5');
    expect(commandAfterWakePhrase('okay jervis play music')).toBe('play music');
    expect(commandAfterWakePhrase('hi jarvus')).toBe('');
    expect(commandAfterWakePhrase('hello jarvas tell me a joke')).toBe('tell me a joke');
    expect(commandAfterWakePhrase('what time is it')).toBeNull();
  });

  it('counts a command only when it is longer than 2 characters', () => {
    expect(isCommand('ok')).toBe(false);
    expect(isCommand('hey')).toBe(true);
  });
});

describe('Hey Jarvis mode', () => {
  it('listens in US English, continuously with interim results, and sends the command after the phrase', () => {
    expect(setVoiceMode('wake', { onCommand, toast })).toBe(true);
    const r = FakeRecognition.last!;
    expect({ lang: r.lang, continuous: r.continuous, interim: r.interimResults }).toEqual({
      lang: 'en-US',
      continuous: true,
      interim: true,
    });
    expect(getVoiceState().wakeMode).toBe(true);
    r.say('the weather is nice');
    expect(onCommand).not.toHaveBeenCalled();
    r.say('hey jarvis what is the weather');
    expect(onCommand).toHaveBeenCalledWith('what is the weather');
  });

  it('after the phrase alone, takes the next utterance within 8 s as the command', () => {
    vi.useFakeTimers();
    setVoiceMode('wake', { onCommand, toast });
    const r = FakeRecognition.last!;
    r.say('hey jarvis');
    expect(getVoiceState().heard).toBe('Yes? Listening...');
    r.say('set a timer');
    expect(onCommand).toHaveBeenCalledWith('set a timer');
    r.say('jarvis');
    vi.advanceTimersByTime(WAKE_LISTEN_MS + 1);
    r.say('too late now');
    expect(onCommand).toHaveBeenCalledTimes(1);
  });

  it('starts again when the browser ends the recognition, and stops for good when turned off', () => {
    vi.useFakeTimers();
    setVoiceMode('wake', { onCommand, toast });
    const r = FakeRecognition.last!;
    r.onend?.();
    vi.advanceTimersByTime(300);
    expect(r.started).toBe(2);
    setVoiceMode(null);
    expect(getVoiceState().wakeMode).toBe(false);
  });

  it("says 'Microphone Access Required' when the microphone is refused", () => {
    setVoiceMode('wake', { onCommand, toast });
    FakeRecognition.last!.onerror?.({ error: 'not-allowed' });
    expect(toast).toHaveBeenCalledWith({ ...MICROPHONE_REQUIRED, variant: 'destructive' });
    expect(getVoiceState().wakeMode).toBe(false);
  });

  it('turns off when the recognition service cannot be reached, and carries on after a silence', () => {
    setVoiceMode('continuous', { onCommand, toast });
    FakeRecognition.last!.onerror?.({ error: 'no-speech' });
    expect(getVoiceState().continuousMode).toBe(true);
    FakeRecognition.last!.onerror?.({ error: 'network' });
    expect(toast).toHaveBeenCalledWith({ ...RECOGNITION_UNAVAILABLE, variant: 'destructive' });
    expect(getVoiceState().continuousMode).toBe(false);
  });

  it("says 'Speech Recognition Not Available' where the browser has none", () => {
    vi.stubGlobal('webkitSpeechRecognition', undefined);
    expect(setVoiceMode('wake', { onCommand, toast })).toBe(false);
    expect(toast).toHaveBeenCalledWith({ ...RECOGNITION_UNAVAILABLE, variant: 'destructive' });
  });
});

describe('Always mode', () => {
  it('sends every final utterance and shows the interim words; one mode turns the other off', () => {
    setVoiceMode('wake', { onCommand, toast });
    setVoiceMode('continuous', { onCommand, toast });
    expect(getVoiceState()).toMatchObject({ wakeMode: false, continuousMode: true });
    const r = FakeRecognition.last!;
    r.say('what is on my', false);
    expect(getVoiceState().heard).toBe('what is on my');
    r.say('what is on my calendar');
    expect(onCommand).toHaveBeenCalledWith('what is on my calendar');
  });

  it('ignores what it hears while Jarvis is speaking (its own voice)', async () => {
    const { updateVoiceState } = await import('./voice-store');
    setVoiceMode('continuous', { onCommand, toast });
    updateVoiceState({ speaking: true });
    FakeRecognition.last!.say('jarvis own reply');
    expect(onCommand).not.toHaveBeenCalled();
  });
});
