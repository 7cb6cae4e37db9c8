import { LIVE_VOICE_BYTES_PER_MS } from '@jarvis/contracts';
import { describe, expect, it } from 'vitest';
import { cutToHeard, LiveExchanges } from './live-exchanges';

const ms = (n: number) => n * LIVE_VOICE_BYTES_PER_MS;

/** An exchange asked, answered with `reply` over `audioMs` of audio, the model done with it. */
function answered(exchanges: LiveExchanges, user: string, response: string, item: string, reply: string, audioMs: number) {
  const exchange = exchanges.spoke(user);
  exchanges.ask(exchange);
  exchanges.responseCreated(response);
  exchanges.replyStarted(response, item);
  exchanges.replyWords(item, reply.slice(0, 5));
  exchanges.replyAudio(item, ms(audioMs / 2));
  exchanges.replyAudio(item, ms(audioMs / 2));
  exchanges.replyTranscript(item, reply);
  exchanges.responseDone(response);
  return exchange;
}

describe('cutToHeard', () => {
  it('keeps the words of the share of the audio heard, back to a whole word, with an ellipsis', () => {
    const text = 'The weather on Mars is cold and dusty today.';
    expect(cutToHeard(text, 1_000, 2_000)).toBe('The weather on Mars is…');
    expect(cutToHeard(text, 900, 2_000)).toBe('The weather on Mars…');
    expect(cutToHeard(text, 2_000, 2_000)).toBe(text);
    expect(cutToHeard(text, 3_000, 2_000)).toBe(text);
    expect(cutToHeard(text, 0, 2_000)).toBe('');
    // Less than the first word heard keeps nothing.
    expect(cutToHeard(text, 50, 2_000)).toBe('');
  });
});

describe('LiveExchanges', () => {
  it('stores an exchange once its words are transcribed and the browser played the whole answer', () => {
    const exchanges = new LiveExchanges();
    answered(exchanges, 'u1', 'r1', 'a1', 'Cold and dusty.', 800);
    expect(exchanges.take()).toEqual([]);
    exchanges.transcribed('u1', " What's the weather on Mars? ");
    // The answer is still playing in the browser.
    expect(exchanges.take()).toEqual([]);
    exchanges.played('a1', 800, true);
    expect(exchanges.take().map(({ transcript, reply }) => ({ transcript, reply }))).toEqual([
      { transcript: "What's the weather on Mars?", reply: 'Cold and dusty.' },
    ]);
    expect(exchanges.take()).toEqual([]);
  });

  it('keeps the answer only as far as it was heard when the user spoke over it', () => {
    const exchanges = new LiveExchanges();
    answered(exchanges, 'u1', 'r1', 'a1', 'Let me tell you a long story about the rings of Saturn.', 4_000);
    exchanges.transcribed('u1', 'Tell me a story.');
    expect(exchanges.played('a1', 1_000, false)).toMatchObject({ replyItemId: 'a1' });
    // A second report of the same answer changes nothing.
    expect(exchanges.played('a1', 4_000, true)).toBeNull();
    expect(exchanges.take()[0].reply).toBe('Let me tell…');
  });

  it('keeps the words alone when the model gave no answer (the user spoke again before it began)', () => {
    const exchanges = new LiveExchanges();
    const first = exchanges.spoke('u1');
    exchanges.ask(first);
    exchanges.responseCreated('r1');
    exchanges.responseDone('r1');
    exchanges.transcribed('u1', 'Wait');
    expect(exchanges.take().map((r) => [r.transcript, r.reply])).toEqual([['Wait', '']]);
  });

  it('gives each response to the exchange it answers, in the order asked', () => {
    const exchanges = new LiveExchanges();
    const a = exchanges.spoke('u1');
    exchanges.ask(a);
    const b = exchanges.spoke('u2');
    exchanges.ask(b);
    exchanges.responseCreated('r1');
    exchanges.responseCreated('r2');
    exchanges.replyStarted('r2', 'a2');
    exchanges.replyStarted('r1', 'a1');
    expect([a.replyItemId, b.replyItemId]).toEqual(['a1', 'a2']);
    exchanges.responseDone('r1');
    expect([a.responseDone, b.responseDone]).toEqual([true, false]);
  });

  it('stores what is known when the session ends, and never words that were not heard', () => {
    const exchanges = new LiveExchanges();
    answered(exchanges, 'u1', 'r1', 'a1', 'Half way there.', 1_000);
    exchanges.transcribed('u1', 'Are we there yet?');
    exchanges.spoke('u2');
    exchanges.transcribed('u2', '  ');
    exchanges.spoke('u3');
    expect(exchanges.take(true).map((r) => [r.transcript, r.reply])).toEqual([['Are we there yet?', 'Half way there.']]);
    expect(exchanges.take(true)).toEqual([]);
  });
});
