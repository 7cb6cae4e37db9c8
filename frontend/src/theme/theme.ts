import { alpha, createTheme, type Theme } from '@mui/material/styles';
import type { ThemeColor, ThemeMode } from '@jarvis/contracts';

export const DEFAULT_THEME_MODE: ThemeMode = 'light';
export const DEFAULT_THEME_COLOR: ThemeColor = 'blue';

/** The brand colours of the four colour schemes; the only colour literals of the app live here. */
export const colorSchemes: Record<ThemeColor, { label: string; main: string; secondary: string }> = {
  blue: { label: 'Blue', main: '#2563eb', secondary: '#7c3aed' },
  purple: { label: 'Purple', main: '#7c3aed', secondary: '#db2777' },
  green: { label: 'Green', main: '#16a34a', secondary: '#0891b2' },
  rose: { label: 'Rose', main: '#e11d48', secondary: '#ea580c' },
};

/** Tooltip delays of doc1 §9: open after 700 ms, 300 ms when another tooltip was just open. */
export const TOOLTIP_ENTER_DELAY_MS = 700;
export const TOOLTIP_ENTER_NEXT_DELAY_MS = 300;

export const SIDEBAR_WIDTH = 320;
/** Under this width the navigation becomes a left drawer (doc1 §9). */
export const MOBILE_BREAKPOINT_PX = 768;
/** Narrower than the mobile breakpoint: the navigation becomes a drawer. */
export const MOBILE_MEDIA_QUERY = `(max-width:${MOBILE_BREAKPOINT_PX - 0.02}px)`;

export function createAppTheme(mode: ThemeMode, color: ThemeColor): Theme {
  const scheme = colorSchemes[color] ?? colorSchemes[DEFAULT_THEME_COLOR];
  const dark = mode === 'dark';
  return createTheme({
    palette: {
      mode,
      primary: { main: scheme.main },
      secondary: { main: scheme.secondary },
      background: dark ? { default: '#0b1120', paper: '#111827' } : { default: '#f6f7fb', paper: '#ffffff' },
      divider: dark ? 'rgba(148, 163, 184, 0.16)' : 'rgba(15, 23, 42, 0.08)',
    },
    shape: { borderRadius: 12 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontWeight: 800, letterSpacing: '-0.02em' },
      h2: { fontWeight: 800, letterSpacing: '-0.02em' },
      h3: { fontWeight: 700, letterSpacing: '-0.01em' },
      h4: { fontWeight: 700 },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiTooltip: {
        defaultProps: {
          enterDelay: TOOLTIP_ENTER_DELAY_MS,
          enterNextDelay: TOOLTIP_ENTER_NEXT_DELAY_MS,
          arrow: true,
        },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
        styleOverrides: { root: { borderRadius: 16 } },
      },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      // The dialog paper takes focus when it opens; the browser's focus ring around the whole dialog is noise.
      MuiDialog: { styleOverrides: { paper: { '&:focus': { outline: 'none' } } } },
      MuiListItemButton: {
        styleOverrides: {
          root: ({ theme }) => ({
            borderRadius: 10,
            '&.Mui-selected': {
              backgroundColor: alpha(theme.palette.primary.main, dark ? 0.24 : 0.1),
              color: theme.palette.primary.main,
              '& .MuiListItemIcon-root': { color: theme.palette.primary.main },
            },
          }),
        },
      },
    },
  });
}
