import { callApi } from '../../api/client';
import { QUOTA_TITLE, quotaExceededOf, quotaMessage } from '../../api/quota';
import { api } from '../../api/routes';
import { speakWithBrowser } from './speech';
import { speakableText } from './speakable';
import { getVoiceState, updateVoiceState } from './voice-store';

/** How long the floating 'Click to hear' button stays after autoplay was blocked (doc1 §9). */
export const CLICK_TO_HEAR_CHAT_MS = 30_000;
export const CLICK_TO_HEAR_ACTION_MS = 10_000;

export type SpeechSource = 'chat' | 'action';
export type SpeechOutcome = 'played' | 'browser' | 'blocked' | 'skipped' | 'failed';

const AUDIO_ELEMENT_ID = 'jarvis-speech-audio';

/** The one audio element every reply plays through (a test can see it played: data-played). */
export function speechAudioElement(): HTMLAudioElement {
  const existing = document.getElementById(AUDIO_ELEMENT_ID);
  if (existing instanceof HTMLAudioElement) return existing;
  const audio = document.createElement('audio');
  audio.id = AUDIO_ELEMENT_ID;
  audio.setAttribute('data-testid', 'speech-audio');
  audio.hidden = true;
  document.body.appendChild(audio);
  return audio;
}

let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function offerClickToHear(play: () => void, source: SpeechSource) {
  const ms = source === 'chat' ? CLICK_TO_HEAR_CHAT_MS : CLICK_TO_HEAR_ACTION_MS;
  clearTimeout(expiryTimer);
  updateVoiceState({ blockedPlayback: { play, expiresAt: Date.now() + ms } });
  expiryTimer = setTimeout(() => updateVoiceState({ blockedPlayback: null }), ms);
}

function isAutoplayBlock(error: unknown): boolean {
  return (error as { name?: string } | null)?.name === 'NotAllowedError';
}

/** Plays one clip through the shared element and resolves when it ends (or fails to load). */
function playClip(src: string): Promise<void> {
  const audio = speechAudioElement();
  audio.src = src;
  return new Promise<void>((resolve, reject) => {
    const done = () => {
      audio.onended = null;
      audio.onerror = null;
      resolve();
    };
    audio.onended = done;
    audio.onerror = () => {
      audio.onended = null;
      audio.onerror = null;
      reject(new Error('The audio could not be played'));
    };
    audio.onplaying = () => audio.setAttribute('data-played', 'true');
    const started = audio.play();
    // jsdom and old browsers return nothing from play().
    if (started && typeof started.then === 'function') started.catch(reject);
  });
}

/** Speaks with the browser's voice and resolves when it has finished (or at once when it cannot). */
function speakInBrowser(text: string): Promise<boolean> {
  const ok = speakWithBrowser(text);
  if (!ok) return Promise.resolve(false);
  return new Promise((resolve) => {
    const poll = setInterval(() => {
      if (!window.speechSynthesis.speaking) {
        clearInterval(poll);
        resolve(true);
      }
    }, 200);
  });
}

/**
 * After /api/speak answered QUOTA_EXCEEDED, replies are read with the browser's voice until the daily quota starts
 * again (no call that is sure to be refused).
 */
let providerPausedUntil = 0;

/** For tests: speak through the provider again. */
export function resetSpeechLimit() {
  providerPausedUntil = 0;
}

/** Jarvis's voice for one piece of text; the browser's voice when the provider is not there or fails. */
async function sayOnce(
  text: string,
  source: SpeechSource,
  useProvider: boolean,
  language?: string,
): Promise<{ outcome: SpeechOutcome; providerFailed: boolean; limit?: string }> {
  let limit: string | undefined;
  if (useProvider && Date.now() >= providerPausedUntil) {
    let src: string | null = null;
    try {
      const res = await callApi(api.voice.speak, language ? { text, language } : { text });
      if (res.ok && res.audioBase64) src = `data:${res.mime || 'audio/mpeg'};base64,${res.audioBase64}`;
    } catch (error) {
      src = null;
      const quota = quotaExceededOf(error);
      if (quota) {
        providerPausedUntil = Date.parse(quota.resetsAt);
        limit = `${quotaMessage(quota)} Until then replies are read with your browser's voice.`;
      }
    }
    if (src) {
      const clip = src;
      try {
        await playClip(clip);
        return { outcome: 'played', providerFailed: false };
      } catch (error) {
        if (isAutoplayBlock(error)) {
          offerClickToHear(() => {
            updateVoiceState({ blockedPlayback: null });
            void playClip(clip).catch(() => undefined);
          }, source);
          return { outcome: 'blocked', providerFailed: false };
        }
      }
    }
  }
  const spoke = await speakInBrowser(text);
  return { outcome: spoke ? 'browser' : 'failed', providerFailed: true, limit };
}

function busy(): boolean {
  return (
    getVoiceState().speaking ||
    (typeof window !== 'undefined' && 'speechSynthesis' in window && window.speechSynthesis.speaking)
  );
}

/**
 * Reads `text` aloud (doc1 §4 Speech playback): one playback at a time, a second request while speaking is skipped;
 * the provider's voice through /api/speak, else the browser's speech synthesis.
 */
export async function speakText(
  text: string,
  source: SpeechSource = 'action',
  language?: string,
): Promise<SpeechOutcome> {
  const clean = speakableText(text);
  if (!clean) return 'skipped';
  if (busy()) return 'skipped';
  updateVoiceState({ speaking: true });
  try {
    return (await sayOnce(clean, source, true, language)).outcome;
  } finally {
    updateVoiceState({ speaking: false });
  }
}

/** The hint under a reply with actions is for the eyes (the buttons), not read aloud. */
const ACTION_HINT = /^Click a button below to continue\.?$/i;

const SENTENCE_END = /[.!?…](?=\s)|\n\n/;

/** Splits off the complete sentences of `buffer`; the rest waits for more text. */
export function takeSentences(buffer: string): { sentences: string[]; rest: string } {
  const sentences: string[] = [];
  let rest = buffer;
  for (;;) {
    const match = SENTENCE_END.exec(rest);
    if (!match) break;
    const end = match.index + match[0].length;
    const sentence = rest.slice(0, end).trim();
    if (sentence) sentences.push(sentence);
    rest = rest.slice(end);
  }
  return { sentences, rest };
}

export interface ReplySpeaker {
  /** A piece of the streamed reply. */
  push(piece: string): void;
  /** The reply is complete: `finalText` is what the bubble shows (it wins over the streamed pieces). */
  finish(finalText: string): void;
  /** The reply failed: nothing more is said. */
  cancel(): void;
}

/**
 * Speaks a streamed reply sentence by sentence as it arrives. When something is already being read aloud the whole
 * reply is skipped (one playback at a time). After the provider fails once, the rest goes to the browser's voice;
 * when it failed because the daily speech quota is used up, `onLimit` gets the notice to show.
 */
export function startReplySpeech({
  onLimit,
}: { onLimit?: (notice: { title: string; description: string }) => void } = {}): ReplySpeaker {
  const skipped = busy();
  let streamed = '';
  let spokenChars = 0;
  let buffer = '';
  let cancelled = false;
  let useProvider = true;
  const queue: string[] = [];
  let running = false;
  let finished = false;

  // Speaking lasts from the first token until the reply is complete and its last sentence said.
  const stopSpeaking = () => {
    if ((finished || cancelled) && !running && queue.length === 0) updateVoiceState({ speaking: false });
  };

  const drain = async () => {
    if (running) return;
    running = true;
    updateVoiceState({ speaking: true });
    try {
      while (queue.length > 0 && !cancelled) {
        const sentence = queue.shift() as string;
        const { outcome, providerFailed, limit } = await sayOnce(sentence, 'chat', useProvider);
        if (providerFailed) useProvider = false;
        if (limit) onLimit?.({ title: QUOTA_TITLE, description: limit });
        // After a block the user chooses to hear it; the rest of the reply stays quiet.
        if (outcome === 'blocked') cancelled = true;
      }
    } finally {
      running = false;
      stopSpeaking();
    }
  };

  const enqueue = (sentences: string[]) => {
    const clean = sentences.map(speakableText).filter((sentence) => sentence && !ACTION_HINT.test(sentence));
    if (clean.length === 0 || cancelled) return;
    queue.push(...clean);
    void drain();
  };

  if (skipped) return { push: () => undefined, finish: () => undefined, cancel: () => undefined };
  updateVoiceState({ speaking: true });
  return {
    push(piece) {
      if (finished || cancelled) return;
      streamed += piece;
      buffer += piece;
      const { sentences, rest } = takeSentences(buffer);
      buffer = rest;
      spokenChars += sentences.join(' ').length;
      enqueue(sentences);
    },
    finish(finalText) {
      if (finished || cancelled) return;
      finished = true;
      // The final text may differ from the stream (the action hint is dropped): say what was not said yet.
      const remaining = finalText.startsWith(streamed.slice(0, streamed.length - buffer.length))
        ? finalText.slice(streamed.length - buffer.length)
        : spokenChars === 0
          ? finalText
          : buffer;
      enqueue([remaining]);
      stopSpeaking();
    },
    cancel() {
      cancelled = true;
      queue.length = 0;
      stopSpeaking();
    },
  };
}
