import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/routes';
import { answer, failure, routeFetch } from '../../test/render';
import { toHistory } from '../../state/chat-message';
import { ensureChatSessionFor, getChatSession, resetChatSession } from '../../state/chat-session';
import { askAboutImage } from './image-question';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

beforeEach(() => {
  resetChatSession();
  ensureChatSessionFor('u1');
});
afterEach(() => vi.unstubAllGlobals());

describe('a question about an image', () => {
  it('shows the image loading, then the answer as Jarvis and reads it aloud', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fake = routeFetch(
      answer(api.voice.analyzeImage, { analysisText: 'A red bicycle.', requestId: 'x' }),
    );
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      await gate;
      return fake.fetch(input, init);
    });
    const toast = vi.fn();
    const speak = vi.fn();
    const done = askAboutImage(PNG, '  what is this? ', toast, speak);
    const [placeholder] = getChatSession().messages;
    expect(placeholder).toMatchObject({ role: 'user', content: 'what is this?' });
    expect(placeholder.actions?.[0]).toMatchObject({
      type: 'image_analysis',
      args: { imageData: PNG, prompt: 'what is this?', loading: true },
    });
    expect(getChatSession().sending).toBe(true);
    release();
    await done;
    expect(fake.calls[0].body).toMatchObject({ imageData: PNG, prompt: 'what is this?', imageType: 'png' });
    expect(typeof (fake.calls[0].body as { requestId?: unknown }).requestId).toBe('string');
    const [asked, reply] = getChatSession().messages;
    expect(asked.actions?.[0].args.loading).toBe(false);
    expect(reply).toMatchObject({ role: 'assistant', content: 'A red bicycle.' });
    expect(speak).toHaveBeenCalledWith('A red bicycle.');
    expect(toast).not.toHaveBeenCalled();
    expect(getChatSession().sending).toBe(false);
  });

  it('takes the ids the service stored the question and answer under, so they join the conversation', async () => {
    vi.stubGlobal(
      'fetch',
      routeFetch({
        ...answer(api.voice.analyzeImage, { analysisText: 'A red bicycle.' }),
        ...answer(api.chat.messages, [
          { id: 'm1', role: 'user', content: '[Image] what is this?', created_at: '2025-01-01T00:00:00Z' },
          { id: 'm2', role: 'assistant', content: 'A red bicycle.', created_at: '2025-01-01T00:00:01Z' },
        ]),
      }).fetch,
    );
    await askAboutImage(PNG, 'what is this?', vi.fn(), vi.fn());
    const [asked, reply] = getChatSession().messages;
    expect(asked).toMatchObject({ id: 'm1', localOnly: false });
    expect(asked.actions?.[0].args.imageData).toBe(PNG);
    expect(reply).toMatchObject({ id: 'm2', localOnly: false, content: 'A red bicycle.' });
    // The history sent with the next message carries the prompt, never the picture.
    expect(toHistory(getChatSession().messages)[0].actions).toEqual([
      { type: 'image_analysis', args: { prompt: 'what is this?' } },
    ]);
  });

  it("marks the message with the code and says doc1's title and message on failure", async () => {
    vi.stubGlobal(
      'fetch',
      routeFetch(
        failure(api.voice.analyzeImage, 429, {
          error: 'Please wait a moment before analyzing another image.',
          code: 'RATE_LIMIT_EXCEEDED',
        }),
      ).fetch,
    );
    const toast = vi.fn();
    await askAboutImage(PNG, '', toast, vi.fn());
    const [asked] = getChatSession().messages;
    expect(asked.content).toBe('Image analysis failed: Please wait a moment before analyzing another image.');
    expect(asked.actions?.[0].args).toMatchObject({
      loading: false,
      error: true,
      errorCode: 'RATE_LIMIT_EXCEEDED',
    });
    expect(toast).toHaveBeenCalledWith({
      title: 'Too Many Requests',
      description: 'Please wait a moment before analyzing another image.',
      variant: 'destructive',
    });
    expect(getChatSession().messages).toHaveLength(1);
  });

  it("says doc1's UNAUTHORIZED text when the session ended before the question was sent", async () => {
    // What the gateway answers /api/vision/analyze without a session (its declared unauthenticatedCode).
    vi.stubGlobal(
      'fetch',
      routeFetch(failure(api.voice.analyzeImage, 401, { error: 'Not signed in', code: 'UNAUTHORIZED' })).fetch,
    );
    const toast = vi.fn();
    await askAboutImage(PNG, 'what is this?', toast, vi.fn());
    const [asked] = getChatSession().messages;
    expect(asked.content).toBe('Image analysis failed: Please refresh the page and try again.');
    expect(asked.actions?.[0].args).toMatchObject({ error: true, errorCode: 'UNAUTHORIZED' });
    expect(toast).toHaveBeenCalledWith({
      title: 'Authentication Required',
      description: 'Please refresh the page and try again.',
      variant: 'destructive',
    });
  });

  it('stops an image of 5 MB or more before uploading it', async () => {
    const fake = routeFetch({});
    vi.stubGlobal('fetch', fake.fetch);
    const toast = vi.fn();
    await askAboutImage(`data:image/png;base64,${'A'.repeat(7_000_000)}`, '', toast, vi.fn());
    expect(fake.calls).toHaveLength(0);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Image Too Large' }));
  });
});
