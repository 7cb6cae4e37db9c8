import type { StreamSink } from '@jarvis/platform';

/**
 * The tokens of one chat reply. Whatever produced the reply (the model's stream, a quick-response template, the
 * offline assistant, a description of the actions), `finish` sends what was not streamed yet, word by word, so the
 * tokens always add up to the reply the `done` event carries.
 */
/** About 60 words a second: quick, but visibly typed. */
const WORD_PACE_MS = 16;

export class ReplyStream {
  private written = '';

  constructor(private readonly sink?: StreamSink) {}

  get signal(): AbortSignal | undefined {
    return this.sink?.signal;
  }

  /** For the model's own tokens; undefined when the caller did not ask for a stream. */
  get onToken(): ((text: string) => void) | undefined {
    return this.sink && ((text) => this.write(text));
  }

  /**
   * A model reply was streamed as it came; anything else goes out now, word by word, `paceMs` apart, so a reader
   * sees it being written (all at once it would arrive in one network read and look like no stream at all).
   */
  async finish(reply: string, paceMs = WORD_PACE_MS) {
    if (!this.sink) return;
    const rest = reply.startsWith(this.written) ? reply.slice(this.written.length) : '';
    for (const word of splitWords(rest)) {
      if (this.sink.signal.aborted) return;
      this.write(word);
      if (paceMs > 0) await new Promise((resolve) => setTimeout(resolve, paceMs));
    }
  }

  private write(text: string) {
    this.written += text;
    this.sink!.write(text);
  }
}

/** "Hello there, you" -> ["Hello", " there,", " you"]: pieces that join back to the exact text. */
export function splitWords(text: string): string[] {
  return text ? text.split(/(?<=\S)(?=\s)/) : [];
}
