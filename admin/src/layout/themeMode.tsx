// Light, dark or system (the default), kept in localStorage under 'vite-ui-theme'. react-admin's
// own theme flag follows the resolved mode.
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import SettingsBrightnessIcon from '@mui/icons-material/SettingsBrightness';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip, useMediaQuery } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTheme, useTranslate } from 'react-admin';
import { THEME_DEFAULT, THEME_MODES, THEME_STORAGE_KEY, type ThemeMode } from './constants';

export function readThemeMode(): ThemeMode {
  try {
    const v = window.localStorage.getItem(THEME_STORAGE_KEY);
    return (THEME_MODES as readonly string[]).includes(v ?? '') ? (v as ThemeMode) : THEME_DEFAULT;
  } catch {
    return THEME_DEFAULT;
  }
}

const ICONS = { light: LightModeIcon, dark: DarkModeIcon, system: SettingsBrightnessIcon };

export function ThemeSwitch() {
  const translate = useTranslate();
  const [mode, setMode] = useState<ThemeMode>(readThemeMode);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const [, setRaTheme] = useTheme();
  const resolved = mode === 'system' ? (prefersDark ? 'dark' : 'light') : mode;

  useEffect(() => {
    setRaTheme(resolved);
  }, [resolved, setRaTheme]);

  const choose = (m: ThemeMode) => {
    setMode(m);
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, m);
    } catch {
      /* the choice lasts for this page only */
    }
    setAnchor(null);
  };
  const Icon = ICONS[mode];
  const label = translate('app.theme.label');
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" aria-label={label} onClick={(e) => setAnchor(e.currentTarget)}>
          <Icon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {THEME_MODES.map((m) => {
          const ItemIcon = ICONS[m];
          return (
            <MenuItem key={m} selected={m === mode} onClick={() => choose(m)}>
              <ListItemIcon>
                <ItemIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{translate(`app.theme.${m}`)}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
