import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { QuickResponseShortcut } from '@jarvis/contracts';
import { api } from '../../api/routes';
import { answer, renderWithProviders, routeFetch, testUser } from '../../test/render';
import { ShortcutsSection } from './ShortcutsSection';

const shortcut = (name: string, usage_count: number): QuickResponseShortcut => ({
  id: `id-${name}`,
  name,
  trigger_phrases: [`say ${name}`],
  response_template: `Here is ${name}`,
  is_active: true,
  usage_count,
});

afterEach(() => vi.unstubAllGlobals());

describe('ShortcutsSection', () => {
  it("says how often each shortcut was used, 'Used 1 time' in the singular", async () => {
    vi.stubGlobal(
      'fetch',
      routeFetch(
        answer(api.chat.shortcuts, [shortcut('never', 0), shortcut('once', 1), shortcut('often', 3)]),
      ).fetch,
    );
    renderWithProviders(<ShortcutsSection />, { user: testUser });
    const cards = await screen.findAllByTestId('shortcut-card');
    expect(cards.map((card) => within(card).getByText(/^Used \d+ times?$/).textContent)).toEqual([
      'Used 0 times',
      'Used 1 time',
      'Used 3 times',
    ]);
  });
});
