import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../api/routes';
import { answer, renderWithProviders, routeFetch } from '../../test/render';
import { ensureChatSessionFor, getChatSession, resetChatSession } from '../../state/chat-session';
import { ImageQuestionCard } from './ImageQuestionCard';

beforeEach(() => {
  resetChatSession();
  ensureChatSessionFor('u1');
});
afterEach(() => vi.unstubAllGlobals());

describe('the image question a reply offers', () => {
  it("asks about the uploaded image with the card's prompt", async () => {
    const fake = routeFetch(answer(api.voice.analyzeImage, { analysisText: 'A fern.' }));
    vi.stubGlobal('fetch', fake.fetch);
    renderWithProviders(<ImageQuestionCard prompt="Which plant is this?" onClose={() => undefined} />);
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'plant.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('image-upload-input'), png);
    await waitFor(() => expect(getChatSession().messages.at(-1)?.content).toBe('A fern.'));
    expect(fake.calls.find((c) => c.path === '/api/vision/analyze')?.body).toMatchObject({
      prompt: 'Which plant is this?',
    });
  });
});
