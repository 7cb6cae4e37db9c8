import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/routes';
import { answer, failure, routeFetch } from '../../test/render';
import { speakableText } from './speakable';
import {
  CLICK_TO_HEAR_ACTION_MS,
  CLICK_TO_HEAR_CHAT_MS,
  resetSpeechLimit,
  speakText,
  speechAudioElement,
  startReplySpeech,
  takeSentences,
} from './speech-playback';
import { getVoiceState, resetVoiceState } from './voice-store';

const spoken: string[] = [];

/** The browser's speech synthesis, finishing each utterance at once. */
function stubSpeechSynthesis() {
  spoken.length = 0;
  vi.stubGlobal(
    'SpeechSynthesisUtterance',
    class {
      lang = '';
      constructor(readonly text: string) {}
    },
  );
  Object.defineProperty(window, 'speechSynthesis', {
    configurable: true,
    value: { speaking: false, speak: (u: { text: string }) => spoken.push(u.text), cancel: vi.fn() },
  });
}

/** play() resolves and the clip ends a moment later; `blocked` rejects like an autoplay policy. */
function stubAudio({ blocked = false }: { blocked?: boolean } = {}) {
  const played: string[] = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    if (blocked) return Promise.reject(Object.assign(new Error('blocked'), { name: 'NotAllowedError' }));
    played.push(this.src);
    setTimeout(() => this.onended?.(new Event('ended')), 5);
    return Promise.resolve();
  });
  return played;
}

const speakOk = answer(api.voice.speak, { ok: true, mime: 'audio/mpeg', audioBase64: 'QUJD' });

beforeEach(() => {
  resetVoiceState();
  resetSpeechLimit();
  stubSpeechSynthesis();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('speakText', () => {
  it('plays the provider audio through the one audio element', async () => {
    const fake = routeFetch(speakOk);
    vi.stubGlobal('fetch', fake.fetch);
    const played = stubAudio();
    expect(await speakText('**Hello** there', 'chat')).toBe('played');
    expect(fake.calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/speak',
      body: { text: 'Hello there' },
    });
    expect(played).toEqual(['data:audio/mpeg;base64,QUJD']);
    expect(speechAudioElement().getAttribute('data-testid')).toBe('speech-audio');
    expect(getVoiceState().speaking).toBe(false);
  });

  it("falls back silently to the browser's voice when /api/speak answers 503", async () => {
    vi.stubGlobal(
      'fetch',
      routeFetch(
        failure(api.voice.speak, 503, { error: 'OPENAI_API_KEY is not set', code: 'PROVIDER_UNAVAILABLE' }),
      ).fetch,
    );
    const played = stubAudio();
    expect(await speakText('Good morning')).toBe('browser');
    expect(played).toEqual([]);
    expect(spoken).toEqual(['Good morning']);
  });

  it('skips a second request while one is speaking', async () => {
    vi.stubGlobal('fetch', routeFetch(speakOk).fetch);
    stubAudio();
    const first = speakText('One');
    expect(await speakText('Two')).toBe('skipped');
    expect(await first).toBe('played');
  });

  it("offers 'Click to hear' when autoplay is blocked: 30 s from the chat, 10 s from an action", async () => {
    vi.stubGlobal('fetch', routeFetch(speakOk).fetch);
    stubAudio({ blocked: true });
    const before = Date.now();
    expect(await speakText('Blocked', 'chat')).toBe('blocked');
    const offer = getVoiceState().blockedPlayback;
    expect(offer?.expiresAt).toBeGreaterThanOrEqual(before + CLICK_TO_HEAR_CHAT_MS);
    expect(await speakText('Blocked', 'action')).toBe('blocked');
    expect(getVoiceState().blockedPlayback?.expiresAt).toBeLessThan(before + CLICK_TO_HEAR_ACTION_MS + 1_000);
  });
});

describe('streamed replies', () => {
  it('splits complete sentences off the text so far', () => {
    expect(takeSentences('Hi there. How are')).toEqual({ sentences: ['Hi there.'], rest: ' How are' });
    expect(takeSentences('No end yet')).toEqual({ sentences: [], rest: 'No end yet' });
  });

  it('speaks sentence by sentence as they arrive, then the rest of the final text', async () => {
    vi.stubGlobal('fetch', routeFetch({}).fetch); // every /api/speak answers 503
    const speaker = startReplySpeech();
    speaker.push('It is sunny. ');
    speaker.push('Take a');
    await vi.waitFor(() => expect(spoken).toEqual(['It is sunny.']));
    speaker.finish('It is sunny. Take a hat.');
    await vi.waitFor(() => expect(spoken).toEqual(['It is sunny.', 'Take a hat.']));
    await vi.waitFor(() => expect(getVoiceState().speaking).toBe(false));
  });

  it('does not read the hint to the action buttons aloud', async () => {
    vi.stubGlobal('fetch', routeFetch({}).fetch);
    const speaker = startReplySpeech();
    speaker.push('Reminder ready. Click a button below to continue. ');
    speaker.finish('Reminder ready.');
    await vi.waitFor(() => expect(getVoiceState().speaking).toBe(false));
    expect(spoken).toEqual(['Reminder ready.']);
  });

  it("after a QUOTA_EXCEEDED answer reads with the browser's voice until the reset, and says so once", async () => {
    const fake = routeFetch(
      failure(api.voice.speak, 429, {
        error: 'Daily limit reached for speech: the Free plan includes 5000 characters a day.',
        code: 'QUOTA_EXCEEDED',
        kind: 'speech_characters',
        limit: 5000,
        resetsAt: new Date(Date.now() + 3_600_000).toISOString(),
        requiresUpgrade: true,
      }),
    );
    vi.stubGlobal('fetch', fake.fetch);
    const onLimit = vi.fn();
    const speaker = startReplySpeech({ onLimit });
    speaker.push('First sentence. ');
    speaker.finish('First sentence. Second one.');
    await vi.waitFor(() => expect(spoken).toEqual(['First sentence.', 'Second one.']));
    expect(onLimit).toHaveBeenCalledTimes(1);
    expect(onLimit.mock.calls[0][0].title).toBe('Daily limit reached');
    expect(onLimit.mock.calls[0][0].description).toMatch(
      /Daily limit reached for speech.*It resets at .* ET\. Upgrade your plan for more\. Until then replies are read with your browser's voice\./,
    );
    // The next reply does not ask the server again before the reset.
    await vi.waitFor(() => expect(getVoiceState().speaking).toBe(false));
    expect(await speakText('Later on.', 'action')).toBe('browser');
    expect(fake.calls.filter((c) => c.path === '/api/speak')).toHaveLength(1);
  });

  it('reads markdown as plain words', () => {
    expect(speakableText('# Title\n- **one** [link](https://x.y)\n```js\ncode\n```')).toBe('Title one link');
  });
});
