import { describe, expect, it } from 'vitest';
import { readEventStream, SseParser, type ServerSentEvent } from './sse';

const STREAM =
  'event: token\ndata: "Hel"\n\n' +
  ': a heartbeat comment\n\n' +
  'event: token\ndata: "lo\\nthere"\n\n' +
  'event: done\ndata: {"reply":"Hello\\nthere",\n' +
  'data: "actions":[]}\n\n';

const EXPECTED: ServerSentEvent[] = [
  { event: 'token', data: '"Hel"' },
  { event: 'token', data: '"lo\\nthere"' },
  { event: 'done', data: '{"reply":"Hello\\nthere",\n"actions":[]}' },
];

function parseInPieces(text: string, cuts: number[]): ServerSentEvent[] {
  const parser = new SseParser();
  const events: ServerSentEvent[] = [];
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    events.push(...parser.feed(text.slice(from, cut)));
    from = cut;
  }
  return events;
}

function bodyOf(bytes: Uint8Array, cuts: number[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      let from = 0;
      for (const cut of [...cuts, bytes.length]) {
        controller.enqueue(bytes.slice(from, cut));
        from = cut;
      }
      controller.close();
    },
  });
}

describe('SseParser', () => {
  it('reads events, skips comments and joins multi-line data with a newline', () => {
    expect(parseInPieces(STREAM, [])).toEqual(EXPECTED);
  });

  it('gives the same events however the text is split, down to one character a piece', () => {
    for (let cut = 1; cut < STREAM.length; cut++) {
      expect(parseInPieces(STREAM, [cut])).toEqual(EXPECTED);
    }
    expect(parseInPieces(STREAM, [...STREAM].map((_c, i) => i).slice(1))).toEqual(EXPECTED);
  });

  it('accepts CRLF and lone CR line ends, even with a CRLF split between pieces', () => {
    const crlf = STREAM.replace(/\n/g, '\r\n');
    expect(parseInPieces(crlf, [])).toEqual(EXPECTED);
    for (let cut = 1; cut < crlf.length; cut++) expect(parseInPieces(crlf, [cut])).toEqual(EXPECTED);
    expect(parseInPieces(STREAM.replace(/\n/g, '\r'), [])).toEqual(EXPECTED);
  });

  it('names an unnamed event "message", keeps the id, and ignores an event without data', () => {
    expect(parseInPieces('event: ping\n\nid: 7\ndata:x\n\n', [])).toEqual([
      { event: 'message', data: 'x', id: '7' },
    ]);
  });

  it('drops an event the stream ends before closing', () => {
    const parser = new SseParser();
    expect(parser.feed('event: token\ndata: "cut')).toEqual([]);
    parser.end();
    expect(parser.feed('\n\n')).toEqual([]);
  });
});

describe('readEventStream', () => {
  it('decodes UTF-8 split inside a character and delivers every event', async () => {
    const text = 'event: token\ndata: "Grüße 👋"\n\nevent: done\ndata: {}\n\n';
    const bytes = new TextEncoder().encode(text);
    const emoji = bytes.indexOf(0xf0);
    for (const cuts of [[emoji + 1], [emoji + 2, emoji + 3], [1, 2, 3, bytes.length - 1]]) {
      const events: ServerSentEvent[] = [];
      await readEventStream(bodyOf(bytes, cuts), (e) => events.push(e));
      expect(events).toEqual([
        { event: 'token', data: '"Grüße 👋"' },
        { event: 'done', data: '{}' },
      ]);
    }
  });
});
