import type { StreamSink } from '@jarvis/platform';
import { describe, expect, it } from 'vitest';
import { ReplyStream, splitWords } from './reply-stream';

function sink() {
  const tokens: string[] = [];
  const controller = new AbortController();
  const s: StreamSink = { write: (t) => tokens.push(t), signal: controller.signal };
  return { s, tokens, controller };
}

describe('ReplyStream', () => {
  it('splits words so they join back to the exact text', () => {
    expect(splitWords('Hello there,  you\nall')).toEqual(['Hello', ' there,', '  you', '\nall']);
    expect(splitWords('')).toEqual([]);
  });

  it('sends a reply nobody streamed word by word', async () => {
    const { s, tokens } = sink();
    await new ReplyStream(s).finish('Reminder set for 5pm.', 0);
    expect(tokens).toEqual(['Reminder', ' set', ' for', ' 5pm.']);
  });

  it('paces the words so a reader sees the reply being written', async () => {
    const { s, tokens } = sink();
    const done = new ReplyStream(s).finish('one two three four', 20);
    await new Promise((r) => setTimeout(r, 30));
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.length).toBeLessThan(4);
    await done;
    expect(tokens.join('')).toBe('one two three four');
  });

  it('stops writing when the caller goes away mid-reply', async () => {
    const { s, tokens, controller } = sink();
    const done = new ReplyStream(s).finish('one two three four five six', 10);
    await new Promise((r) => setTimeout(r, 15));
    controller.abort();
    await done;
    expect(tokens.length).toBeLessThan(6);
  });

  it('sends nothing more when the model already streamed the whole reply', async () => {
    const { s, tokens } = sink();
    const stream = new ReplyStream(s);
    stream.onToken!('Hi');
    stream.onToken!(' there');
    await stream.finish('Hi there');
    expect(tokens).toEqual(['Hi', ' there']);
  });

  it('writes nothing after the caller went away, and nothing without a sink', async () => {
    const { s, tokens, controller } = sink();
    controller.abort();
    await new ReplyStream(s).finish('late words');
    expect(tokens).toEqual([]);
    const silent = new ReplyStream();
    expect(silent.onToken).toBeUndefined();
    await expect(silent.finish('x')).resolves.toBeUndefined();
  });
});
