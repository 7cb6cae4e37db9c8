import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/routes';
import { answer, routeFetch } from '../../test/render';
import { cancelTalking, startTalking, stopTalking, TALK_MAX_SECONDS } from './manual-recorder';
import { FakeMediaRecorder, stubMicrophone } from './test-media';
import { getVoiceState, resetVoiceState } from './voice-store';

/** The recorder's timers only: the FileReader that reads the take keeps its real setImmediate. */
const fakeClock = () =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });

beforeEach(() => {
  resetVoiceState();
  stubMicrophone();
  vi.stubGlobal('fetch', routeFetch(answer(api.voice.transcribe, { text: 'call mom at five' })).fetch);
});
afterEach(() => {
  cancelTalking();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('TALK', () => {
  it('stops by itself after 10 seconds of recording and sends what it heard', async () => {
    fakeClock();
    const onText = vi.fn();
    const toast = vi.fn();
    expect(await startTalking(toast, onText)).toBe(true);
    await vi.advanceTimersByTimeAsync(9_750);
    expect(getVoiceState()).toMatchObject({ recording: true, recordingSeconds: 9 });
    expect(FakeMediaRecorder.last?.state).toBe('recording');
    expect(onText).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(250);
    expect(FakeMediaRecorder.last?.state).toBe('inactive');
    vi.useRealTimers();
    await vi.waitFor(() => expect(onText).toHaveBeenCalledWith('call mom at five'));
    expect(onText).toHaveBeenCalledTimes(1);
    expect(toast).not.toHaveBeenCalled();
    expect(getVoiceState()).toMatchObject({ recording: false, transcribing: false });
    expect(TALK_MAX_SECONDS).toBe(10);
  });

  it('sends once when STOP is pressed before the 10 seconds are up, with no second send later', async () => {
    fakeClock();
    const onText = vi.fn();
    await startTalking(vi.fn(), onText);
    await vi.advanceTimersByTimeAsync(3_000);
    const stopped = stopTalking(vi.fn(), onText);
    vi.useRealTimers();
    await stopped;
    expect(onText).toHaveBeenCalledTimes(1);
    fakeClock();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(onText).toHaveBeenCalledTimes(1);
  });

  it('sends nothing when the take was dropped before the 10 seconds were up', async () => {
    fakeClock();
    const onText = vi.fn();
    await startTalking(vi.fn(), onText);
    cancelTalking();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(onText).not.toHaveBeenCalled();
  });
});
