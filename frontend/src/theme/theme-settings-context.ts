import { createContext, useContext } from 'react';
import type { ThemeColor, ThemeMode } from '@jarvis/contracts';

export interface ThemeSettings {
  mode: ThemeMode;
  color: ThemeColor;
  setMode: (mode: ThemeMode) => void;
  setColor: (color: ThemeColor) => void;
}

export const ThemeSettingsContext = createContext<ThemeSettings | null>(null);

export function useThemeSettings(): ThemeSettings {
  const value = useContext(ThemeSettingsContext);
  if (!value) throw new Error('useThemeSettings must be used inside <ThemeSettingsProvider>');
  return value;
}
