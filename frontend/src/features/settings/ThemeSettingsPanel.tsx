import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';
import { THEME_COLORS, type ThemeMode } from '@jarvis/contracts';
import { colorSchemes } from '../../theme/theme';
import { useThemeSettings } from '../../theme/theme-settings-context';

/** Light/dark mode and the colour scheme; changes apply at once and are saved to the account. */
export function ThemeSettingsPanel() {
  const { mode, color, setMode, setColor } = useThemeSettings();
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack spacing={3}>
          <Box>
            <Typography variant="h6" component="h2">
              Appearance
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Changes apply at once and are saved to your account.
            </Typography>
          </Box>
          <Box>
            <Typography variant="subtitle2" gutterBottom>
              Mode
            </Typography>
            <ToggleButtonGroup
              exclusive
              value={mode}
              onChange={(_e, value: ThemeMode | null) => value && setMode(value)}
              aria-label="Theme mode"
            >
              <ToggleButton value="light" aria-label="Light" sx={{ px: 2.5, gap: 1 }}>
                <LightModeOutlinedIcon fontSize="small" /> Light
              </ToggleButton>
              <ToggleButton value="dark" aria-label="Dark" sx={{ px: 2.5, gap: 1 }}>
                <DarkModeOutlinedIcon fontSize="small" /> Dark
              </ToggleButton>
            </ToggleButtonGroup>
          </Box>
          <Box>
            <Typography variant="subtitle2" gutterBottom>
              Colour scheme
            </Typography>
            <Stack
              direction="row"
              spacing={2}
              flexWrap="wrap"
              useFlexGap
              role="radiogroup"
              aria-label="Colour scheme"
            >
              {THEME_COLORS.map((option) => {
                const selected = option === color;
                return (
                  <ButtonBase
                    key={option}
                    role="radio"
                    aria-checked={selected}
                    aria-label={colorSchemes[option].label}
                    onClick={() => setColor(option)}
                    sx={{ flexDirection: 'column', gap: 0.75, borderRadius: 2, p: 1 }}
                  >
                    <Box
                      sx={{
                        width: 44,
                        height: 44,
                        borderRadius: '50%',
                        display: 'grid',
                        placeItems: 'center',
                        color: 'common.white',
                        bgcolor: colorSchemes[option].main,
                        outline: selected ? 3 : 0,
                        outlineColor: 'text.primary',
                        outlineOffset: 3,
                      }}
                    >
                      {selected && <CheckIcon />}
                    </Box>
                    <Typography variant="caption">{colorSchemes[option].label}</Typography>
                  </ButtonBase>
                );
              })}
            </Stack>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
