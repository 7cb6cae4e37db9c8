import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLACE_QUERY_MIN_CHARS as CONTRACT_MIN_CHARS, type PlaceSuggestion } from '@jarvis/contracts';
import { renderWithProviders, testUser } from '../../test/render';
import { PLACE_TEXTS, PlaceField } from './PlaceField';
import { PLACE_QUERY_MIN_CHARS, SUGGEST_DEBOUNCE_MS } from './use-place-suggestions';

const SPRINGFIELDS: PlaceSuggestion[] = ['Illinois', 'Massachusetts', 'Missouri', 'Ohio', 'Oregon'].map(
  (state, i) => ({ label: `Springfield, ${state}`, lat: 39 + i, lon: -89 - i }),
);

/** A fake /api/places/suggest answering by the `q` asked; every asked `q` is recorded. */
function fakeSuggest(answer: (q: string) => Promise<Response> | Response) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname !== '/api/places/suggest') return new Response(null, { status: 404 });
    const q = url.searchParams.get('q') ?? '';
    asked.push(q);
    return answer(q);
  });
  return asked;
}

const json = (suggestions: PlaceSuggestion[]) =>
  new Response(JSON.stringify({ suggestions }), { status: 200 });

function Form({ onValue }: { onValue?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <PlaceField
      label="Location"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PlaceField', () => {
  it('starts at the same number of characters as the server', () => {
    expect(PLACE_QUERY_MIN_CHARS).toBe(CONTRACT_MIN_CHARS);
  });

  it('offers up to 5 places once 3 characters are typed, and fills in the chosen one', async () => {
    const asked = fakeSuggest(() => json(SPRINGFIELDS));
    const onValue = vi.fn();
    renderWithProviders(<Form onValue={onValue} />, { user: testUser });
    const user = userEvent.setup();
    const input = screen.getByRole('combobox', { name: 'Location' });
    await user.type(input, 'Sp');
    expect(screen.getByText(PLACE_TEXTS.typeMore)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(asked).toEqual([]);

    await user.type(input, 'ringfield');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(SPRINGFIELDS.map((s) => s.label));
    expect(asked.at(-1)).toBe('Springfield');
    expect(asked.every((q) => q.length >= 3)).toBe(true);

    await user.click(screen.getByRole('option', { name: 'Springfield, Ohio' }));
    expect(input).toHaveValue('Springfield, Ohio');
    expect(onValue).toHaveBeenLastCalledWith('Springfield, Ohio');
  });

  it('asks once typing pauses, not at every keystroke', async () => {
    const asked = fakeSuggest(() => json(SPRINGFIELDS));
    renderWithProviders(<Form />, { user: testUser });
    vi.useFakeTimers();
    try {
      const input = screen.getByRole('combobox', { name: 'Location' });
      for (const typed of ['Spr', 'Spri', 'Sprin', 'Spring']) {
        fireEvent.change(input, { target: { value: typed } });
        act(() => vi.advanceTimersByTime(SUGGEST_DEBOUNCE_MS - 100));
      }
      expect(asked).toEqual([]);
      await act(async () => vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS));
      expect(asked).toEqual(['Spring']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says it is looking while the places load', async () => {
    let release!: () => void;
    fakeSuggest(() => new Promise((resolve) => (release = () => resolve(json(SPRINGFIELDS)))));
    renderWithProviders(<Form />, { user: testUser });
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'Spring');
    expect(await screen.findByText(PLACE_TEXTS.loading)).toBeInTheDocument();
    release();
    expect(await screen.findByRole('option', { name: 'Springfield, Oregon' })).toBeInTheDocument();
    expect(screen.queryByText(PLACE_TEXTS.loading)).not.toBeInTheDocument();
  });

  it('says when no place matches, and keeps what was typed', async () => {
    fakeSuggest(() => json([]));
    renderWithProviders(<Form />, { user: testUser });
    const user = userEvent.setup();
    const input = screen.getByRole('combobox', { name: 'Location' });
    await user.type(input, "Dr. Lee's office");
    expect(await screen.findByText(PLACE_TEXTS.empty)).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(input).toHaveValue("Dr. Lee's office");
  });

  it('says when suggestions cannot be had, and the field still takes the place', async () => {
    const asked = fakeSuggest(
      () =>
        new Response(JSON.stringify({ error: 'Nominatim is unavailable', code: 'PROVIDER_UNAVAILABLE' }), {
          status: 503,
        }),
    );
    renderWithProviders(<Form />, { user: testUser });
    const user = userEvent.setup();
    const input = screen.getByRole('combobox', { name: 'Location' });
    await user.type(input, 'Boston Common');
    expect(await screen.findByText(PLACE_TEXTS.failed)).toBeInTheDocument();
    expect(input).toHaveValue('Boston Common');
    // Not retried: the next keystroke asks again.
    await waitFor(() => expect(asked).toEqual(['Boston Common']));
  });
});
