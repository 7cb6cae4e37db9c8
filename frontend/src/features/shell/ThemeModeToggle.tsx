import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';
import { useThemeSettings } from '../../theme/theme-settings-context';

/** Light/dark switch; applies at once and is saved for a signed-in user. */
export function ThemeModeToggle() {
  const { mode, setMode } = useThemeSettings();
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <Tooltip title={next === 'dark' ? 'Switch to dark mode' : 'Switch to light mode'}>
      <IconButton
        aria-label={next === 'dark' ? 'Switch to dark mode' : 'Switch to light mode'}
        onClick={() => setMode(next)}
      >
        {mode === 'dark' ? <LightModeOutlinedIcon /> : <DarkModeOutlinedIcon />}
      </IconButton>
    </Tooltip>
  );
}
