import { describe, expect, it } from 'vitest';
import { createReveal, REVEAL_MIN_CHARS, revealEnd, type Frames } from './smooth-reveal';

/** Frames the test paints one at a time. */
function manualFrames({ hidden = false } = {}) {
  let pending: (() => void)[] = [];
  const frames: Frames = {
    request(callback) {
      pending.push(callback);
      return () => {
        pending = pending.filter((c) => c !== callback);
      };
    },
    hidden: () => hidden,
  };
  return {
    frames,
    /** Runs the callbacks waiting for the next frame; false when none was. */
    paint() {
      const now = pending;
      pending = [];
      now.forEach((c) => c());
      return now.length > 0;
    },
  };
}

const REPLY = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ') + '.';

describe('revealEnd', () => {
  it('shows a quarter of what is waiting, at least a few characters, and ends after a word', () => {
    const end = revealEnd(REPLY, 0);
    expect(end).toBeGreaterThanOrEqual(Math.ceil(REPLY.length / 4));
    expect(REPLY[end]).toBe(' ');
    expect(revealEnd('Hello there', 0)).toBe('Hello there'.length);
    expect(revealEnd(`${'a'.repeat(REVEAL_MIN_CHARS + 5)} b`, 0)).toBe(REVEAL_MIN_CHARS + 5);
  });
});

describe('createReveal', () => {
  it('shows a reply that arrived at once over several frames, each a longer prefix ending after a word', async () => {
    const clock = manualFrames();
    const shown: string[] = [];
    const reveal = createReveal((text) => shown.push(text), clock.frames);
    // Every token in one read, then `done`.
    for (const piece of REPLY.split(/(?=\s)/)) reveal.push(piece);
    let finished = false;
    void reveal.finish().then(() => (finished = true));
    while (clock.paint()) await Promise.resolve();
    await Promise.resolve();
    expect(shown.length).toBeGreaterThanOrEqual(4);
    expect(shown.at(-1)).toBe(REPLY);
    shown.forEach((text, i) => {
      expect(REPLY.startsWith(text)).toBe(true);
      if (i > 0) expect(text.length).toBeGreaterThan(shown[i - 1].length);
      if (text !== REPLY) expect(REPLY[text.length]).toMatch(/\s/);
    });
    expect(finished).toBe(true);
  });

  it('resolves finish only after a frame has been painted with all the text', async () => {
    const clock = manualFrames();
    const shown: string[] = [];
    const reveal = createReveal((text) => shown.push(text), clock.frames);
    reveal.push('Hi there.');
    let finished = false;
    void reveal.finish().then(() => (finished = true));
    clock.paint(); // shows everything
    await Promise.resolve();
    expect(shown).toEqual(['Hi there.']);
    expect(finished).toBe(false);
    clock.paint(); // that frame has been painted
    await Promise.resolve();
    expect(finished).toBe(true);
  });

  it('shows word by word what streams in word by word, each on the next frame', () => {
    const clock = manualFrames();
    const shown: string[] = [];
    const reveal = createReveal((text) => shown.push(text), clock.frames);
    for (const piece of ['Hello', ' there,', ' friend.']) {
      reveal.push(piece);
      clock.paint();
    }
    expect(shown).toEqual(['Hello', 'Hello there,', 'Hello there, friend.']);
  });

  it('shows everything at once in a hidden tab, which paints no frames', async () => {
    const clock = manualFrames({ hidden: true });
    const shown: string[] = [];
    const reveal = createReveal((text) => shown.push(text), clock.frames);
    reveal.push(REPLY);
    const finished = reveal.finish();
    clock.paint();
    clock.paint();
    await finished;
    expect(shown).toEqual([REPLY]);
  });

  it('stops on cancel, and finish needs no frame when nothing arrived', async () => {
    const clock = manualFrames();
    const shown: string[] = [];
    const reveal = createReveal((text) => shown.push(text), clock.frames);
    await createReveal(() => undefined, clock.frames).finish();
    reveal.push(REPLY);
    const finished = reveal.finish();
    reveal.cancel();
    await finished;
    expect(clock.paint()).toBe(false);
    reveal.push('more');
    expect(clock.paint()).toBe(false);
    expect(shown).toEqual([]);
  });
});
