// The panel's light and dark themes: react-admin's default theme with the brand's colours and the
// sidebar widths of the spec (14 / 64 units of 4 px).
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_EXPANDED_WIDTH } from './constants';

const sidebar = { width: SIDEBAR_EXPANDED_WIDTH, closedWidth: SIDEBAR_COLLAPSED_WIDTH };

/**
 * Nothing wider than the window: flex children may shrink below their content (min-width 0), and
 * a table that still does not fit scrolls inside its card instead of widening the page.
 */
function fitTheWindow(base: RaThemeOptions): RaThemeOptions['components'] {
  const c = (base.components ?? {}) as Record<string, any>;
  const add = (name: string, root: Record<string, unknown>) => ({
    ...c[name],
    styleOverrides: { ...c[name]?.styleOverrides, root: { ...c[name]?.styleOverrides?.root, ...root } },
  });
  return {
    ...c,
    RaLayout: add('RaLayout', { minWidth: 0, '& .RaLayout-appFrame': { minWidth: 0 }, '& .RaLayout-content': { minWidth: 0 }, '& .RaLayout-contentWithSidebar': { minWidth: 0 } }),
    RaList: add('RaList', { minWidth: 0, '& .RaList-main': { minWidth: 0 } }),
    RaEdit: add('RaEdit', { minWidth: 0, '& .RaEdit-main': { minWidth: 0 } }),
    RaCreate: add('RaCreate', { minWidth: 0, '& .RaCreate-main': { minWidth: 0 } }),
    RaDatagrid: add('RaDatagrid', { '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } }),
  } as RaThemeOptions['components'];
}

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: { mode: 'light', primary: { main: '#1f6f5c' }, secondary: { main: '#14213d' }, background: { default: '#f5f6f8' } },
  sidebar,
  shape: { borderRadius: 8 },
  components: fitTheWindow(defaultLightTheme),
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: { mode: 'dark', primary: { main: '#4fc3a1' }, secondary: { main: '#1e2a44' } },
  sidebar,
  shape: { borderRadius: 8 },
  components: fitTheWindow(defaultDarkTheme),
};
