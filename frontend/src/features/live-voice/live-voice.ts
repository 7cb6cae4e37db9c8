import workletUrl from './pcm-capture.worklet.ts?worker&url';
import { type LiveVoiceCallbacks, LiveVoiceSession, liveVoiceUrl } from './live-voice-session';
import { CAPTURE_PROCESSOR_NAME } from './pcm';

/**
 * The live voice in this browser: a session on `/api/voice/live` with the real microphone, audio and WebSocket. This
 * module and everything under it load only when a live conversation starts (the orb, Always mode).
 */
export function openLiveVoice(callbacks: LiveVoiceCallbacks): LiveVoiceSession {
  return new LiveVoiceSession(
    callbacks,
    {
      getUserMedia: (constraints) => navigator.mediaDevices.getUserMedia(constraints),
      createContext: (sampleRate) =>
        new AudioContext(
          sampleRate ? { sampleRate, latencyHint: 'interactive' } : { latencyHint: 'interactive' },
        ),
      openSocket: (url) => new WebSocket(url),
      workletUrl,
      createCapture: (context) =>
        new AudioWorkletNode(context, CAPTURE_PROCESSOR_NAME, {
          numberOfInputs: 1,
          numberOfOutputs: 0,
          channelCount: 1,
        }),
    },
    liveVoiceUrl(window.location),
  );
}

export type { LiveVoiceCallbacks, LiveVoiceEnd, LiveVoiceState, LiveVoiceStored } from './live-voice-session';
