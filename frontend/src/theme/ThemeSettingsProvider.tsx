import { useCallback, useMemo, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ThemeColor, ThemeMode } from '@jarvis/contracts';
import { useCurrentUser, useSaveTheme } from '../state/use-current-user';
import { createAppTheme, DEFAULT_THEME_COLOR, DEFAULT_THEME_MODE } from './theme';
import { ThemeSettingsContext, type ThemeSettings } from './theme-settings-context';

/**
 * Light/dark and the colour scheme. The signed-in user's saved choice applies on load; a change applies at once
 * and is saved with POST /api/auth/theme for a signed-in user (a failed save is only logged, doc2 §8).
 */
export function ThemeSettingsProvider({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const { mutateAsync: saveTheme } = useSaveTheme();
  // A choice made in this page load wins over the user's stored one until the page reloads.
  const [choice, setChoice] = useState<{ mode?: ThemeMode; color?: ThemeColor }>({});

  const mode = choice.mode ?? user?.themeMode ?? DEFAULT_THEME_MODE;
  const color = choice.color ?? user?.themeColor ?? DEFAULT_THEME_COLOR;

  const persist = useCallback(
    (payload: { mode: ThemeMode } | { color: ThemeColor }) => {
      if (!user) return;
      saveTheme(payload).catch((error: unknown) => console.error('Failed to save theme', error));
    },
    [user, saveTheme],
  );

  const setMode = useCallback(
    (next: ThemeMode) => {
      setChoice((c) => ({ ...c, mode: next }));
      persist({ mode: next });
    },
    [persist],
  );
  const setColor = useCallback(
    (next: ThemeColor) => {
      setChoice((c) => ({ ...c, color: next }));
      persist({ color: next });
    },
    [persist],
  );

  const theme = useMemo(() => createAppTheme(mode, color), [mode, color]);
  const settings = useMemo<ThemeSettings>(
    () => ({ mode, color, setMode, setColor }),
    [mode, color, setMode, setColor],
  );

  return (
    <ThemeSettingsContext.Provider value={settings}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ThemeSettingsContext.Provider>
  );
}
