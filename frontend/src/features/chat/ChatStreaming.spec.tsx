import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, routeFetch, testUser } from '../../test/render';
import { ChatSection } from './ChatSection';
import { resetChatSession } from '../../state/chat-session';

/** A POST /api/chat answered with a Server-Sent Events body the test writes piece by piece. */
function streamedChat() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  const requests: { headers: Record<string, string>; body: unknown; credentials?: RequestCredentials }[] = [];
  const rest = routeFetch({ 'GET /api/reminders': { body: [] }, 'GET /api/memories': { body: [] } });
  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    if (init.method === 'POST' && new URL(input, 'http://localhost').pathname === '/api/chat') {
      requests.push({
        headers: init.headers as Record<string, string>,
        body: JSON.parse(init.body as string),
        credentials: init.credentials,
      });
      return new Response(body, {
        status: 200,
        headers: { 'Content-Type': 'text/event-stream; charset=utf-8' },
      });
    }
    return rest.fetch(input, init);
  });
  vi.stubGlobal('fetch', fetch);
  return {
    requests,
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    token: (text: string) =>
      controller.enqueue(encoder.encode(`event: token\ndata: ${JSON.stringify(text)}\n\n`)),
    close: () => controller.close(),
  };
}

const DONE = {
  reply: 'Hello **there**\n\nI can set that reminder.',
  actions: [{ type: 'create_reminder', args: { title: 'call mom' } }],
  userMessageId: 'u-1',
  assistantMessageId: 'a-1',
};

async function send(text: string) {
  await userEvent.type(screen.getByRole('textbox', { name: 'Message Jarvis' }), `${text}{Enter}`);
}

const streamingBubble = () =>
  screen.queryAllByTestId('message').find((m) => m.dataset.streaming === 'true') ?? null;

beforeEach(() => {
  resetChatSession();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('a streamed chat reply', () => {
  it('asks for a stream with the usual request conventions', async () => {
    const chat = streamedChat();
    renderWithProviders(<ChatSection user={testUser} />, { user: testUser });
    await send('hello');
    await waitFor(() => expect(chat.requests).toHaveLength(1));
    expect(chat.requests[0].headers).toMatchObject({
      Accept: 'text/event-stream',
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
    });
    expect(chat.requests[0].credentials).toBe('include');
    expect(chat.requests[0].body).toEqual({ message: 'hello', history: [] });
  });

  it('shows the typing indicator until the first token, then the reply growing, then the final message', async () => {
    const chat = streamedChat();
    renderWithProviders(<ChatSection user={testUser} />, { user: testUser });
    await send('hello');
    expect(await screen.findByTestId('typing-indicator')).toBeInTheDocument();
    expect(streamingBubble()).toBeNull();

    chat.token('Hello ');
    await waitFor(() => expect(streamingBubble()).toHaveTextContent('Hello'));
    expect(screen.queryByTestId('typing-indicator')).not.toBeInTheDocument();

    // An event split across reads, and a piece with newlines (JSON-encoded, so they survive).
    const piece = `event: token\ndata: ${JSON.stringify('**there**\n\nI can')}\n\n`;
    chat.write(piece.slice(0, 9));
    chat.write(piece.slice(9));
    await waitFor(() => expect(streamingBubble()).toHaveTextContent(/Hello there\s*I can$/));
    expect(screen.queryByRole('button', { name: /Create Reminder/ })).not.toBeInTheDocument();

    chat.token(' set that reminder.');
    chat.write(`event: done\ndata: ${JSON.stringify(DONE)}\n\n`);
    chat.close();
    // The final message comes once the streamed text has been shown (a frame or two later).
    expect(
      await screen.findByRole('button', { name: 'Create Reminder: call mom' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(streamingBubble()).toBeNull();
    const assistants = screen.getAllByTestId('message').filter((m) => m.dataset.role === 'assistant');
    expect(assistants).toHaveLength(1);
    expect(await within(assistants[0]).findByText('there', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByTestId('mood-indicator')).toHaveAttribute('data-mood', 'responding');
  });

  it('on an error event drops the partial reply and shows the Chat Error path', async () => {
    const chat = streamedChat();
    renderWithProviders(<ChatSection user={testUser} />, { user: testUser });
    await send('hello');
    chat.token('Half a rep');
    await waitFor(() => expect(streamingBubble()).toHaveTextContent('Half a rep'));
    chat.write(
      `event: error\ndata: ${JSON.stringify({ error: 'The model is unavailable.', code: 'UPSTREAM' })}\n\n`,
    );
    chat.close();
    expect(await screen.findByText('Chat Error')).toBeInTheDocument();
    expect(screen.getByText('Unable to send message. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Half a rep')).not.toBeInTheDocument();
    const assistant = screen.getAllByTestId('message').find((m) => m.dataset.role === 'assistant')!;
    expect(within(assistant).getByText('⚠️ The model is unavailable.')).toBeInTheDocument();
    expect(screen.getByTestId('mood-indicator')).toHaveAttribute('data-mood', 'error');
  });

  it('shows a reply whose tokens and done arrive in one read growing, and only then the final message', async () => {
    // The bubble's code is there already (the page fetches it ahead when the box is focused).
    await import('./MessageBubble');
    const chat = streamedChat();
    renderWithProviders(<ChatSection user={testUser} />, { user: testUser });
    await send('hello');
    await waitFor(() => expect(chat.requests).toHaveLength(1));
    // Every length the growing bubble shows, from any change of the page.
    const lengths: number[] = [];
    const observer = new MutationObserver(() => {
      const length = streamingBubble()?.textContent?.trim().length ?? 0;
      if (length > 0 && lengths.at(-1) !== length) lengths.push(length);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    const reply = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const tokens = reply
      .split(/(?=\s)/)
      .map((piece) => `event: token\ndata: ${JSON.stringify(piece)}\n\n`)
      .join('');
    const done = { reply, actions: [], userMessageId: 'u-9', assistantMessageId: 'a-9' };
    chat.write(`${tokens}event: done\ndata: ${JSON.stringify(done)}\n\n`);
    chat.close();
    const final = () =>
      screen.getAllByTestId('message').find((m) => m.dataset.role === 'assistant' && !m.dataset.streaming);
    await waitFor(() => expect(final()).toBeDefined());
    observer.disconnect();
    expect(lengths.length, `lengths seen: ${lengths.join(', ')}`).toBeGreaterThanOrEqual(3);
    expect(lengths.at(-1)).toBe(reply.length);
    const assistants = screen.getAllByTestId('message').filter((m) => m.dataset.role === 'assistant');
    expect(assistants).toHaveLength(1);
    expect(assistants[0]).toHaveTextContent(reply);
  });

  it('reads a plain JSON answer from a server that does not stream', async () => {
    const fake = routeFetch({
      'GET /api/reminders': { body: [] },
      'GET /api/memories': { body: [] },
      'POST /api/chat': { body: DONE },
    });
    vi.stubGlobal('fetch', vi.fn(fake.fetch));
    renderWithProviders(<ChatSection user={testUser} />, { user: testUser });
    await send('hello');
    expect(await screen.findByRole('button', { name: 'Create Reminder: call mom' })).toBeInTheDocument();
    expect(screen.queryByText('Chat Error')).not.toBeInTheDocument();
  });

  it('treats a stream that ends without its reply as a failed send', async () => {
    const chat = streamedChat();
    renderWithProviders(<ChatSection user={testUser} />, { user: testUser });
    await send('hello');
    chat.token('Cut sh');
    chat.close();
    expect(await screen.findByText('Chat Error')).toBeInTheDocument();
    expect(screen.queryByText('Cut sh')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message Jarvis' })).not.toBeDisabled();
  });
});
