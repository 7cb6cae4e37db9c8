import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTheme } from '@mui/material/styles';
import { renderWithProviders, routeFetch, testUser } from '../../test/render';
import { ThemeSettingsPanel } from './ThemeSettingsPanel';
import { colorSchemes } from '../../theme/theme';

function ThemeProbe() {
  const theme = useTheme();
  return <p data-testid="probe">{`${theme.palette.mode} ${theme.palette.primary.main}`}</p>;
}

let calls: ReturnType<typeof routeFetch>['calls'];
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
});
function stub(routes: Parameters<typeof routeFetch>[0]) {
  const fake = routeFetch(routes);
  calls = fake.calls;
  vi.stubGlobal('fetch', vi.fn(fake.fetch));
}

describe('theme settings', () => {
  it('defaults to light and blue for a visitor, and saves nothing', async () => {
    stub({});
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <ThemeProbe />
        <ThemeSettingsPanel />
      </>,
      { user: null },
    );
    expect(screen.getByTestId('probe')).toHaveTextContent(`light ${colorSchemes.blue.main}`);
    await user.click(screen.getByRole('button', { name: 'Dark' }));
    expect(screen.getByTestId('probe')).toHaveTextContent('dark');
    expect(calls).toHaveLength(0);
  });

  it("applies the user's saved theme on load", () => {
    stub({});
    const user = { ...testUser, themeMode: 'dark' as const, themeColor: 'rose' as const };
    renderWithProviders(<ThemeProbe />, { user });
    expect(screen.getByTestId('probe')).toHaveTextContent(`dark ${colorSchemes.rose.main}`);
  });

  it('applies a change at once and saves mode and colour separately', async () => {
    stub({ 'POST /api/auth/theme': { body: testUser } });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <ThemeProbe />
        <ThemeSettingsPanel />
      </>,
      { user: testUser },
    );
    await user.click(screen.getByRole('radio', { name: 'Green' }));
    expect(screen.getByTestId('probe')).toHaveTextContent(`light ${colorSchemes.green.main}`);
    await user.click(screen.getByRole('button', { name: 'Dark' }));
    expect(screen.getByTestId('probe')).toHaveTextContent(`dark ${colorSchemes.green.main}`);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/auth/theme').map((c) => c.body)).toEqual([
        { color: 'green' },
        { mode: 'dark' },
      ]),
    );
  });

  it('keeps the new theme and shows no error when saving fails', async () => {
    stub({ 'POST /api/auth/theme': { status: 500 } });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <ThemeProbe />
        <ThemeSettingsPanel />
      </>,
      { user: testUser },
    );
    await user.click(screen.getByRole('radio', { name: 'Purple' }));
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(screen.getByTestId('probe')).toHaveTextContent(colorSchemes.purple.main);
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });
});
