import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AUDIO_CONSTRAINTS,
  blobToBase64,
  MicrophoneAccessError,
  MicrophoneRecording,
  pickRecordingType,
} from './recording';
import { FakeMediaRecorder, stubMicrophone } from './test-media';

afterEach(() => vi.unstubAllGlobals());

describe('pickRecordingType', () => {
  it('takes the first supported of mp4, webm with opus, webm, ogg with opus', () => {
    expect(pickRecordingType(() => true)).toBe('audio/mp4');
    expect(pickRecordingType((t) => t.startsWith('audio/webm'))).toBe('audio/webm;codecs=opus');
    expect(pickRecordingType((t) => t === 'audio/webm')).toBe('audio/webm');
    expect(pickRecordingType((t) => t === 'audio/ogg;codecs=opus')).toBe('audio/ogg;codecs=opus');
    expect(pickRecordingType(() => false)).toBeUndefined();
  });
});

describe('MicrophoneRecording', () => {
  it('asks for 48 kHz with echo cancellation and noise suppression, collects every second, releases the mic', async () => {
    const { getUserMedia, stopTrack } = stubMicrophone();
    const take = new MicrophoneRecording();
    await take.start();
    expect(getUserMedia).toHaveBeenCalledWith({ audio: AUDIO_CONSTRAINTS });
    expect(AUDIO_CONSTRAINTS).toEqual({ sampleRate: 48_000, echoCancellation: true, noiseSuppression: true });
    expect(FakeMediaRecorder.last?.timeslice).toBe(1000);
    expect(FakeMediaRecorder.last?.mimeType).toBe('audio/webm;codecs=opus');
    const recording = await take.stop();
    expect(recording.blob.size).toBeGreaterThan(0);
    expect(recording.mimeType).toBe('audio/webm;codecs=opus');
    expect(stopTrack).toHaveBeenCalled();
    expect(await blobToBase64(recording.blob)).toBe(btoa('voice'));
  });

  it('reports a refused microphone as a MicrophoneAccessError', async () => {
    stubMicrophone({ deny: true });
    await expect(new MicrophoneRecording().start()).rejects.toBeInstanceOf(MicrophoneAccessError);
  });
});
