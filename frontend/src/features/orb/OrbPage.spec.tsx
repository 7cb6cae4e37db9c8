import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders, testUser } from '../../test/render';
import { EndOfSpeech, levelOf, ORB_START_TEXT, SILENCE_MS } from './orb-loop';
import { OrbPage } from './OrbPage';

describe('Voice Orb page', () => {
  it("shows the panel, the start text, Start Voice Chat, a hidden Stop Listening and the page's parts", () => {
    renderWithProviders(<OrbPage />, { user: testUser, route: '/orb' });
    expect(screen.getByRole('heading', { name: 'Voice Orb' })).toBeInTheDocument();
    expect(screen.getByTestId('orb-status')).toHaveTextContent('Click "Start Voice Chat" to begin');
    expect(ORB_START_TEXT).toBe('Click "Start Voice Chat" to begin');
    expect(screen.getByRole('button', { name: 'Start Voice Chat' })).toBeVisible();
    expect(screen.getByText('Stop Listening')).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Clear Conversation' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Switch to (dark|light) mode/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Jarvis' })).toHaveAttribute('href', '/');
    expect(screen.getByTestId('orb-avatar')).not.toBeVisible();
    expect(screen.getByTestId('orb-audio').tagName).toBe('AUDIO');
    expect(screen.getByRole('log', { name: 'Transcript' })).toBeInTheDocument();
  });
});

describe('the orb loop', () => {
  it('measures loudness from a time-domain frame', () => {
    expect(levelOf(new Uint8Array([128, 128, 128]))).toBe(0);
    expect(levelOf(new Uint8Array([255, 1, 255, 1]))).toBeGreaterThan(0.9);
  });

  it('ends an utterance after speech followed by a pause, never before speech', () => {
    const detector = new EndOfSpeech(0.05, SILENCE_MS);
    expect(detector.feed(0.01, 0)).toBe(false);
    expect(detector.feed(0.01, 5_000)).toBe(false);
    expect(detector.feed(0.3, 5_100)).toBe(false);
    expect(detector.feed(0.01, 5_200)).toBe(false);
    expect(detector.feed(0.2, 5_800)).toBe(false);
    expect(detector.feed(0.01, 6_000)).toBe(false);
    expect(detector.feed(0.01, 6_000 + SILENCE_MS)).toBe(true);
  });
});
