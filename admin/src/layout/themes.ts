// The panel's light and dark themes: react-admin's default theme with the brand's colours and the
// fixed sidebar widths (14 / 64 units of 4 px, collapsed / expanded).
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_EXPANDED_WIDTH } from './constants';

/** Dark text on the dark theme's light status colours. */
const DARK_TEXT = 'rgba(0, 0, 0, 0.87)';

/**
 * Status colours (chips, error and warning buttons) that keep 4.5:1 both as a filled chip's
 * background under its text and as text on the theme's backgrounds and papers.
 */
export const STATUS_COLOURS = {
  light: {
    error: { main: '#b71c1c', contrastText: '#fff' },
    warning: { main: '#9a5b00', contrastText: '#fff' },
    info: { main: '#01579b', contrastText: '#fff' },
    success: { main: '#2e7d32', contrastText: '#fff' },
  },
  dark: {
    error: { main: '#ffa49c', contrastText: DARK_TEXT },
    warning: { main: '#ffb74d', contrastText: DARK_TEXT },
    info: { main: '#4fc3f7', contrastText: DARK_TEXT },
    success: { main: '#81c784', contrastText: DARK_TEXT },
  },
} as const;

/**
 * A checkbox's aria-label goes on its input, not on MUI's wrapping span (where ARIA prohibits it
 * and the input stays nameless): react-admin's row checkboxes pass it as a plain prop.
 */
const CHECKBOX_NAME_ON_INPUT = {
  root: (ownerState: Record<string, any>) => (ownerState['aria-label'] ? { 'aria-label': undefined } : {}),
  input: (ownerState: Record<string, any>) => ({
    ...ownerState.inputProps,
    ...(ownerState['aria-label'] ? { 'aria-label': ownerState['aria-label'] } : {}),
  }),
};

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
    RaLayout: add('RaLayout', {
      minWidth: 0,
      '& .RaLayout-appFrame': { minWidth: 0 },
      '& .RaLayout-content': { minWidth: 0 },
      '& .RaLayout-contentWithSidebar': { minWidth: 0 },
    }),
    RaList: add('RaList', { minWidth: 0, '& .RaList-main': { minWidth: 0 } }),
    RaEdit: add('RaEdit', { minWidth: 0, '& .RaEdit-main': { minWidth: 0 } }),
    RaCreate: add('RaCreate', { minWidth: 0, '& .RaCreate-main': { minWidth: 0 } }),
    RaDatagrid: add('RaDatagrid', {
      '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
      // A sort header reached by Tab shows it (MUI's TableSortLabel has no focus style of its own).
      '& .MuiTableSortLabel-root.Mui-focusVisible, & .MuiTableSortLabel-root:focus-visible': {
        outline: '2px solid currentColor',
        outlineOffset: 2,
        borderRadius: 2,
      },
    }),
    // An empty list's message in the secondary text colour (react-admin's "disabled" grey is 2.6:1).
    RaEmpty: {
      ...c.RaEmpty,
      styleOverrides: {
        ...c.RaEmpty?.styleOverrides,
        root: ({ theme }: { theme: any }) => ({ '& .RaEmpty-message': { color: theme.palette.text.secondary } }),
      },
    },
    MuiCheckbox: {
      ...c.MuiCheckbox,
      defaultProps: { ...c.MuiCheckbox?.defaultProps, slotProps: CHECKBOX_NAME_ON_INPUT },
    },
  } as RaThemeOptions['components'];
}

/**
 * A solid focus ring on everything reached by keyboard (MUI's own is a faint ripple): the
 * theme's primary colour, ≥ 3:1 on the page and on papers; white on the dark app bar. Text fields
 * keep MUI's focused border.
 */
function focusRing(ring: string): RaThemeOptions['components'] {
  const shown = '*:focus-visible:not(input):not(textarea), .Mui-focusVisible';
  return {
    MuiCssBaseline: {
      styleOverrides: {
        [shown]: { outline: `3px solid ${ring}`, outlineOffset: 2 },
        // A checkbox's or switch's input is invisible: its wrapper shows the ring (ButtonBase's own
        // styles reset the outline, hence the doubled class).
        '.MuiCheckbox-root:has(input:focus-visible), .MuiSwitch-switchBase:has(input:focus-visible), .Mui-focusVisible.Mui-focusVisible': {
          outline: `3px solid ${ring}`,
          outlineOffset: 2,
        },
        '.MuiAppBar-root *:focus-visible, .MuiAppBar-root .Mui-focusVisible': { outlineColor: '#fff' },
      },
    },
  } as RaThemeOptions['components'];
}

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    mode: 'light',
    primary: { main: '#1f6f5c' },
    secondary: { main: '#14213d' },
    background: { default: '#f5f6f8' },
    // WCAG AA: chips' white text and these colours as text (Изтрий, warnings) at ≥ 4.5:1 on white and
    // on the page's and the toolbars' greys (MUI's warning #ed6c02 and info #0288d1 are 3.1 and 3.9:1).
    ...STATUS_COLOURS.light,
  },
  sidebar,
  shape: { borderRadius: 8 },
  components: { ...fitTheWindow(defaultLightTheme), ...focusRing('#1f6f5c') },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: { mode: 'dark', primary: { main: '#4fc3a1', contrastText: DARK_TEXT }, secondary: { main: '#1e2a44' }, ...STATUS_COLOURS.dark },
  sidebar,
  shape: { borderRadius: 8 },
  components: { ...fitTheWindow(defaultDarkTheme), ...focusRing('#4fc3a1') },
};
