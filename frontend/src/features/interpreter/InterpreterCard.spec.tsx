import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../api/routes';
import { answer, failure, renderWithProviders, routeFetch, type FakeRoutes } from '../../test/render';
import { stubMicrophone } from '../voice/test-media';
import { getVoiceState, resetVoiceState } from '../voice/voice-store';
import { InterpreterCard } from './InterpreterCard';

const spoken: string[] = [];

beforeEach(() => {
  resetVoiceState();
  spoken.length = 0;
  vi.stubGlobal(
    'SpeechSynthesisUtterance',
    class {
      lang = '';
      constructor(readonly text: string) {}
    },
  );
  Object.defineProperty(window, 'speechSynthesis', {
    configurable: true,
    value: { speaking: false, speak: (u: { text: string }) => spoken.push(u.text), cancel: vi.fn() },
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderCard(routes: FakeRoutes) {
  stubMicrophone();
  const fake = routeFetch(routes);
  vi.stubGlobal('fetch', fake.fetch);
  renderWithProviders(
    <InterpreterCard
      fromLanguage=""
      toLanguage="Spanish"
      mode="real-time interpretation"
      onClose={() => undefined}
    />,
  );
  return fake;
}

describe('Interpreter card', () => {
  it('records, transcribes, translates from Auto-detect, speaks the translation and replays it', async () => {
    const fake = renderCard({
      ...answer(api.voice.transcribe, { text: 'where is the station' }),
      ...answer(api.voice.translate, { translatedText: '¿Dónde está la estación?' }),
    });
    const user = userEvent.setup();
    expect(screen.getByLabelText('From')).toHaveTextContent('Auto-detect');
    await user.click(screen.getByRole('button', { name: 'Start speaking' }));
    await user.click(await screen.findByRole('button', { name: /Stop and translate/ }));
    expect(await screen.findByTestId('interpreter-translation')).toHaveTextContent(
      '¿Dónde está la estación?',
    );
    expect(screen.getByTestId('interpreter-state')).toHaveAttribute('data-state', 'translated');
    expect(fake.calls.find((c) => c.path === '/api/translate')?.body).toEqual({
      text: 'where is the station',
      fromLanguage: 'Auto-detect',
      toLanguage: 'Spanish',
    });
    // /api/speak is not configured here: the browser's voice says it.
    await waitFor(() => expect(spoken).toEqual(['¿Dónde está la estación?']));
    expect(fake.calls.find((c) => c.path === '/api/speak')?.body).toEqual({
      text: '¿Dónde está la estación?',
      language: 'Spanish',
    });
    // One playback at a time: Replay works once the first reading has finished.
    await waitFor(() => expect(getVoiceState().speaking).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Replay' }));
    await waitFor(() => expect(spoken).toHaveLength(2));
  });

  it("lets the languages be chosen, with 'Auto-detect' only as the source", async () => {
    renderCard({});
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('To'));
    const options = within(screen.getByRole('listbox'));
    expect(options.queryByText('Auto-detect')).toBeNull();
    await user.click(options.getByText('French'));
    expect(screen.getByLabelText('To')).toHaveTextContent('French');
  });

  it("says 'Translation Error' when the translation fails", async () => {
    renderCard({
      ...answer(api.voice.transcribe, { text: 'hello' }),
      ...failure(api.voice.translate, 503, { error: 'down', code: 'PROVIDER_UNAVAILABLE' }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Start speaking' }));
    await user.click(await screen.findByRole('button', { name: /Stop and translate/ }));
    expect(await screen.findByText('Translation Error')).toBeInTheDocument();
    expect(screen.getByText('Could not translate the audio. Please try again.')).toBeInTheDocument();
    expect(screen.getByTestId('interpreter-state')).toHaveAttribute('data-state', 'idle');
  });
});
