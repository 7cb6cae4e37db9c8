import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../api/routes';
import { answer, failure, renderWithProviders, routeFetch, type FakeRoutes } from '../../test/render';
import { stubMicrophone } from '../voice/test-media';
import { MUSIC_LISTEN_SECONDS, MusicCard } from './MusicCard';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderCard(routes: FakeRoutes, { deny = false } = {}) {
  stubMicrophone({ deny });
  const fake = routeFetch(routes);
  vi.stubGlobal('fetch', fake.fetch);
  renderWithProviders(<MusicCard context="the song in the cafe" onClose={() => undefined} />);
  return fake;
}

const song = {
  title: 'Blinding Lights',
  artist: 'The Weeknd',
  album: 'After Hours',
  release_date: '2019-11-29',
  spotify_url: 'https://open.spotify.com/track/1',
  youtube_url: 'https://youtube.com/watch?v=1',
  apple_music_url: 'https://music.apple.com/1',
};

describe('Music identifier card', () => {
  it('listens, analyses and shows the song with its streaming links; Try Again resets', async () => {
    const fake = renderCard(answer(api.voice.identifyMusic, { song }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Identify song' }));
    expect(await screen.findByText(/Listening\.\.\. \d+s left/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop and identify' }));
    expect(await screen.findByText('Blinding Lights')).toBeInTheDocument();
    expect(screen.getByText('The Weeknd · After Hours · 2019-11-29')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Spotify/ })).toHaveAttribute('href', song.spotify_url);
    expect(screen.getByRole('link', { name: /YouTube/ })).toHaveAttribute('href', song.youtube_url);
    expect(screen.getByRole('link', { name: /Apple Music/ })).toHaveAttribute('target', '_blank');
    expect(fake.calls.find((c) => c.path === '/api/music/identify')?.body).toEqual({ audio: btoa('voice') });
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByTestId('music-state')).toHaveAttribute('data-state', 'idle');
  });

  it('stops by itself after 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderCard(answer(api.voice.identifyMusic, { song }));
    await userEvent.click(screen.getByRole('button', { name: 'Identify song' }));
    await screen.findByText(/Listening/);
    await vi.advanceTimersByTimeAsync(MUSIC_LISTEN_SECONDS * 1000 + 500);
    expect(await screen.findByText('Blinding Lights')).toBeInTheDocument();
  });

  it("says 'Song Not Found' when nothing matched", async () => {
    renderCard(answer(api.voice.identifyMusic, { song: null, error: 'No match' }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Identify song' }));
    await user.click(await screen.findByRole('button', { name: 'Stop and identify' }));
    expect((await screen.findAllByText('Song Not Found')).length).toBeGreaterThan(0);
    expect(
      screen.getAllByText('Could not identify the song. Try again with clearer audio.').length,
    ).toBeGreaterThan(0);
  });

  it("says 'Identification Error' when the service fails, and 'Music Recognition Failed' without a microphone", async () => {
    renderCard(failure(api.voice.identifyMusic, 503, { error: 'AUDD_API_TOKEN is not set', code: 'X' }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Identify song' }));
    await user.click(await screen.findByRole('button', { name: 'Stop and identify' }));
    expect((await screen.findAllByText('Identification Error')).length).toBeGreaterThan(0);
  });

  it("says 'Music Recognition Failed' when the microphone is refused", async () => {
    renderCard({}, { deny: true });
    await userEvent.click(screen.getByRole('button', { name: 'Identify song' }));
    expect(await screen.findByText('Music Recognition Failed')).toBeInTheDocument();
  });
});
