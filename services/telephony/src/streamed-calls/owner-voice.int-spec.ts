import { api } from '@jarvis/contracts';
import { type ElevenLabsFake, type RealtimeFake, startElevenLabsFake } from '@jarvis/testing/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMediaStream, realtimeEnv, startRealtime, utterance } from '../testing/streamed-calls';
import { startTelephony, type TelephonyHarness } from '../testing/telephony-harness';

const ELEVENLABS_KEY = 'xi-test-key';
let h: TelephonyHarness;
let realtime: RealtimeFake;
let elevenlabs: ElevenLabsFake;

beforeAll(async () => {
  realtime = await startRealtime();
  elevenlabs = await startElevenLabsFake(ELEVENLABS_KEY);
  h = await startTelephony('streamed-owner-voice', { ...realtimeEnv(realtime), ELEVENLABS_API_KEY: ELEVENLABS_KEY, ELEVENLABS_BASE_URL: elevenlabs.url });
  // Every owner of this run has a completed clone switched on (the voice service's answer).
  await h.published(api.voice.voiceStatus, { reply: () => ({ elevenLabsVoiceId: 'voice-ann', voiceCloningStatus: 'completed', voiceCloningEnabled: true }) });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await realtime?.close();
  await elevenlabs?.close();
});

async function ring() {
  const owner = h.newUser('premium');
  const line = await h.newLine(owner, h.twilio);
  const CallSid = h.callSid();
  await h.webhook('/voice', { CallSid, From: '+15557654321', To: line });
  return { owner, CallSid };
}

describe("a streamed call in the owner's cloned voice", () => {
  it('has the model answer in text and speaks each sentence as soon as it is complete with ElevenLabs (ulaw_8000), chunk by chunk to Twilio', async () => {
    const { CallSid } = await ring();
    const call = await openMediaStream(h, CallSid);
    await h.waitFor(() => elevenlabs.speechStreams.length >= 2 && elevenlabs.speechStreams.every((s) => s.sent !== undefined), { message: 'the greeting spoken' });
    const session = realtime.sessions.at(-1)!;
    expect(session.events.find((e) => e.type === 'session.update').session.output_modalities).toEqual(['text']);
    // The greeting's two sentences, each its own synthesis in the owner's voice, in the phone's format.
    expect(elevenlabs.speechStreams.slice(0, 2)).toMatchObject([
      { voiceId: 'voice-ann', text: "Hi, you've reached Jarvis, the personal assistant.", outputFormat: 'ulaw_8000', aborted: false },
      { voiceId: 'voice-ann', text: 'How can I help you today?', outputFormat: 'ulaw_8000', aborted: false },
    ]);
    // Every chunk reached Twilio as it came, in order: first sentence, then the second.
    const chunks = elevenlabs.speechStreams.slice(0, 2).reduce((n, s) => n + s.chunks, 0);
    await h.waitFor(() => call.media.length === chunks, { message: () => `${chunks} frames, got ${call.media.length}` });
    const bytes = elevenlabs.speechStreams.slice(0, 2).reduce((n, s) => n + Math.max(200, s.text.length * 40) * 8, 0);
    expect(call.media.reduce((n, m) => n + m.audio.length, 0)).toBe(bytes);
    call.hangUp();
    await call.closed;
    await h.webhook('/status', { CallSid, CallStatus: 'completed', CallDuration: '12' });
  });

  it('stops the synthesis in flight when the caller speaks over it, and clears what Twilio still has', async () => {
    elevenlabs.streamChunkDelayMs = 150; // slower than real time: the sentence is still being made when the caller speaks
    try {
      const { CallSid } = await ring();
      const before = elevenlabs.speechStreams.length;
      const call = await openMediaStream(h, CallSid);
      await h.waitFor(() => call.media.length >= 2, { message: 'the greeting started' });
      realtime.turns.push({ transcript: 'Hold on', reply: 'Of course.' });
      await call.speak(utterance(), 0);
      await h.waitFor(() => call.clears.length === 1, { message: 'clear sent' });
      const greeting = elevenlabs.speechStreams.slice(before, before + 2);
      await h.waitFor(() => greeting.every((s) => s.sent !== undefined), { message: 'the syntheses ended' });
      expect(greeting.some((s) => s.aborted)).toBe(true);
      // Text has no audio to cut at the model.
      expect(realtime.sessions.at(-1)!.truncations).toEqual([]);
      // The answer to the interruption is spoken in full.
      await h.waitFor(() => elevenlabs.speechStreams.some((s) => s.text === 'Of course.' && s.aborted === false), { message: 'the answer spoken' });
      call.hangUp();
      await call.closed;
      await h.webhook('/status', { CallSid, CallStatus: 'completed', CallDuration: '12' });
    } finally {
      elevenlabs.streamChunkDelayMs = 20;
    }
  });
});
