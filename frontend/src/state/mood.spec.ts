import { describe, expect, it } from 'vitest';
import { MOODS, moodOf, moodPulses } from './mood';

describe('mood', () => {
  it('has the seven states with their labels', () => {
    expect(MOODS).toEqual({
      idle: 'Ready and waiting',
      listening: 'Hearing your message',
      processing: 'Analyzing request',
      thinking: 'Generating response',
      responding: 'Sending reply',
      active: 'Fully operational',
      error: 'Something went wrong',
    });
  });

  it('pulses in every state but idle and error', () => {
    const pulsing = (Object.keys(MOODS) as (keyof typeof MOODS)[]).filter(moodPulses);
    expect(pulsing).toEqual(['listening', 'processing', 'thinking', 'responding', 'active']);
  });

  it('is idle with no messages, active once messages exist', () => {
    expect(moodOf({ transient: null, requestInFlight: false, hasMessages: false })).toBe('idle');
    expect(moodOf({ transient: null, requestInFlight: false, hasMessages: true })).toBe('active');
    expect(moodOf({ transient: null, requestInFlight: false, hasMessages: false, voiceModeOn: true })).toBe(
      'active',
    );
  });

  it('is processing while a request is in flight, listening while recording', () => {
    expect(moodOf({ transient: null, requestInFlight: true, hasMessages: true })).toBe('processing');
    expect(moodOf({ transient: null, requestInFlight: false, recording: true, hasMessages: true })).toBe(
      'listening',
    );
  });

  it('shows responding or error while they last', () => {
    expect(moodOf({ transient: 'responding', requestInFlight: false, hasMessages: true })).toBe('responding');
    expect(moodOf({ transient: 'error', requestInFlight: true, hasMessages: true })).toBe('error');
  });
});
