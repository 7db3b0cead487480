// The panel's light and dark themes: react-admin's default theme with the brand's colours and the
// sidebar widths of the spec (14 / 64 units of 4 px).
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_EXPANDED_WIDTH } from './constants';

const sidebar = { width: SIDEBAR_EXPANDED_WIDTH, closedWidth: SIDEBAR_COLLAPSED_WIDTH };

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: { mode: 'light', primary: { main: '#1f6f5c' }, secondary: { main: '#14213d' }, background: { default: '#f5f6f8' } },
  sidebar,
  shape: { borderRadius: 8 },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: { mode: 'dark', primary: { main: '#4fc3a1' }, secondary: { main: '#1e2a44' } },
  sidebar,
  shape: { borderRadius: 8 },
};
