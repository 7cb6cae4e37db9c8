/**
 * Shows a streamed reply at the pace of the screen. Tokens often arrive in bulk (the gateway's writes coalesce under
 * load, and the browser then parses every token, and even `done`, in one go): shown as they come, React would paint
 * only the end. Here each animation frame shows part of what has arrived and not been shown, a quarter of it, cut
 * after a word, so a reply that came at once is still seen being written, over a few frames, while one that streams
 * word by word shows each word on the next frame. `finish()` resolves once everything received is on screen and a
 * frame has been painted with it, so the final message never replaces text nobody saw.
 *
 * Cheap: one render a frame at most while something is pending, none otherwise. When frames are slow a short timer
 * stands in for them; a hidden tab, which paints none, is shown everything at once.
 */

/** Each frame shows this share of the text not shown yet... */
export const REVEAL_SHARE = 0.25;
/** ...but at least this many characters (then up to the end of the word). */
export const REVEAL_MIN_CHARS = 12;
/**
 * A step waits for the next frame, or this long when frames are slow (a busy machine can paint a few a second): the
 * reveal then keeps its pace, and a reply is never held back by frames that do not come.
 */
export const FRAME_FALLBACK_MS = 50;

export interface Frames {
  request(callback: () => void): () => void;
  hidden(): boolean;
}

export const browserFrames: Frames = {
  request(callback) {
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      callback();
    };
    const frame = requestAnimationFrame(once);
    const timer = setTimeout(once, FRAME_FALLBACK_MS);
    return () => {
      done = true;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  },
  hidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
};

/** Where the next step may end: `from` characters at least, then to the end of the word it falls in. */
export function revealEnd(text: string, shown: number): number {
  const backlog = text.length - shown;
  const target = shown + Math.max(REVEAL_MIN_CHARS, Math.ceil(backlog * REVEAL_SHARE));
  if (target >= text.length) return text.length;
  const space = text.slice(target).search(/\s/);
  return space === -1 ? text.length : target + space;
}

export interface Reveal {
  /** A piece of the reply has arrived. */
  push(piece: string): void;
  /** Resolves once all that arrived is shown and painted. */
  finish(): Promise<void>;
  /** Stops: nothing more is shown (the reply failed). */
  cancel(): void;
}

/** `show` gets the text to show so far, at most once a frame. */
export function createReveal(show: (text: string) => void, frames: Frames = browserFrames): Reveal {
  let received = '';
  let shown = 0;
  let cancelFrame: (() => void) | null = null;
  let cancelled = false;
  let waiting: (() => void)[] = [];

  const step = () => {
    cancelFrame = null;
    if (cancelled) return;
    if (shown < received.length) {
      shown = frames.hidden() ? received.length : revealEnd(received, shown);
      show(received.slice(0, shown));
      // The next frame shows more, or finds everything shown and painted by now.
      cancelFrame = frames.request(step);
      return;
    }
    const done = waiting;
    waiting = [];
    done.forEach((resolve) => resolve());
  };
  const schedule = () => {
    if (!cancelFrame && !cancelled) cancelFrame = frames.request(step);
  };

  return {
    push(piece) {
      if (cancelled || !piece) return;
      received += piece;
      schedule();
    },
    finish() {
      if (cancelled || received.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        waiting.push(resolve);
        schedule();
      });
    },
    cancel() {
      cancelled = true;
      cancelFrame?.();
      cancelFrame = null;
      const done = waiting;
      waiting = [];
      done.forEach((resolve) => resolve());
    },
  };
}
