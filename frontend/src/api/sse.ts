/**
 * Server-Sent Events read from a fetch body (a POST cannot use EventSource), following the WHATWG parsing rules:
 * lines end with CRLF, LF or CR; `data` lines join with '\n'; a blank line dispatches; `:` starts a comment.
 */
export interface ServerSentEvent {
  /** `message` unless the event named itself. */
  event: string;
  data: string;
  id?: string;
}

/** Feed it text as it arrives, in pieces of any size; it returns the events each piece completes. */
export class SseParser {
  private buffer = '';
  /** The last piece ended with CR: a LF starting the next piece belongs to the same line break. */
  private afterCr = false;
  private event = '';
  private data: string[] = [];
  private id: string | undefined;

  feed(text: string): ServerSentEvent[] {
    let input = text;
    if (this.afterCr && input.startsWith('\n')) input = input.slice(1);
    this.afterCr = input.endsWith('\r');
    this.buffer += input;
    const events: ServerSentEvent[] = [];
    const lineEnd = /\r\n|\r|\n/g;
    let start = 0;
    for (let match = lineEnd.exec(this.buffer); match; match = lineEnd.exec(this.buffer)) {
      // A trailing CR might be the first half of a CRLF: it still ends the line (the LF is skipped above).
      const event = this.line(this.buffer.slice(start, match.index));
      if (event) events.push(event);
      start = match.index + match[0].length;
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  /** At the end of the stream: an event not closed by a blank line is dropped, as the standard says. */
  end(): void {
    this.buffer = '';
    this.reset();
  }

  private line(line: string): ServerSentEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    return null;
  }

  private dispatch(): ServerSentEvent | null {
    if (this.data.length === 0) {
      this.reset();
      return null;
    }
    const event: ServerSentEvent = { event: this.event || 'message', data: this.data.join('\n') };
    if (this.id !== undefined) event.id = this.id;
    this.reset();
    return event;
  }

  private reset() {
    this.event = '';
    this.data = [];
  }
}

/** Reads a body of Server-Sent Events to its end, calling `onEvent` for each; bytes may split anywhere. */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ServerSentEvent) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true })).forEach(onEvent);
    }
    parser.feed(decoder.decode()).forEach(onEvent);
    parser.end();
  } finally {
    reader.releaseLock();
  }
}
