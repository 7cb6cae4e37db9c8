import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, routeFetch, testUser } from '../../test/render';
import { ChatSection } from './ChatSection';
import { getChatSession, resetChatSession } from '../../state/chat-session';

/** POST /api/chat answered by streams the test finishes one at a time. */
function streamedReplies() {
  const encoder = new TextEncoder();
  const open: { body: { message: string }; reply: (text: string) => void }[] = [];
  const rest = routeFetch({ 'GET /api/reminders': { body: [] }, 'GET /api/memories': { body: [] } });
  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    if (init.method === 'POST' && new URL(input, 'http://localhost').pathname === '/api/chat') {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
      const n = open.length + 1;
      open.push({
        body: JSON.parse(init.body as string) as { message: string },
        reply: (text) => {
          const done = { reply: text, actions: [], userMessageId: `u-${n}`, assistantMessageId: `a-${n}` };
          controller.enqueue(
            encoder.encode(
              `event: token\ndata: ${JSON.stringify(text)}\n\nevent: done\ndata: ${JSON.stringify(done)}\n\n`,
            ),
          );
          controller.close();
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }
    return rest.fetch(input, init);
  });
  vi.stubGlobal('fetch', fetch);
  return open;
}

const box = () => screen.getByRole('textbox', { name: 'Message Jarvis' });
const contents = () =>
  screen.getAllByTestId('message').map((m) => `${m.dataset.role}: ${m.textContent?.replace(/\s+/g, ' ').trim()}`);

beforeEach(() => {
  resetChatSession();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('a message entered while a reply is on its way', () => {
  it('clears the box at once, waits for the reply, then is sent: one request at a time, nothing lost', async () => {
    const requests = streamedReplies();
    renderWithProviders(<ChatSection user={testUser} />, { user: testUser });
    const user = userEvent.setup();
    await user.type(box(), 'q one{Enter}');
    await waitFor(() => expect(requests).toHaveLength(1));

    await user.type(box(), 'q two{Enter}');
    expect(box()).toHaveValue('');
    expect(getChatSession().outbox).toEqual(['q two']);
    await user.type(box(), 'q three{Enter}');
    expect(box()).toHaveValue('');
    // Still only the first request: sending stays blocked while a reply is loading.
    expect(requests).toHaveLength(1);

    requests[0].reply('A one.');
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1].body.message).toBe('q two');
    expect(requests[1].body).toMatchObject({
      history: [
        { role: 'user', content: 'q one' },
        { role: 'assistant', content: 'A one.' },
      ],
    });
    requests[1].reply('A two.');
    await waitFor(() => expect(requests).toHaveLength(3));
    expect(requests[2].body.message).toBe('q three');
    requests[2].reply('A three.');
    await waitFor(() => expect(getChatSession().sending).toBe(false));
    await waitFor(() =>
      expect(contents()).toEqual([
        expect.stringContaining('user: q one'),
        expect.stringContaining('assistant: A one.'),
        expect.stringContaining('user: q two'),
        expect.stringContaining('assistant: A two.'),
        expect.stringContaining('user: q three'),
        expect.stringContaining('assistant: A three.'),
      ]),
    );
    expect(getChatSession().outbox).toEqual([]);
    // Three exchanges typed and rendered under jsdom: slow on a busy machine.
  }, 45_000);

  it('Enter right after the reply completes sends at once', async () => {
    const requests = streamedReplies();
    renderWithProviders(<ChatSection user={testUser} />, { user: testUser });
    const user = userEvent.setup();
    await user.type(box(), 'hello{Enter}');
    await waitFor(() => expect(requests).toHaveLength(1));
    requests[0].reply('Hi.');
    await waitFor(() => expect(getChatSession().sending).toBe(false));
    await user.type(box(), 'next{Enter}');
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1].body.message).toBe('next');
    expect(box()).toHaveValue('');
  });
});
