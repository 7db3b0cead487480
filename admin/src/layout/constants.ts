// The layout's fixed numbers and storage keys, kept in one place.

/** localStorage key of the sidebar's collapsed state, "true" or "false". */
export const SIDEBAR_COLLAPSED_KEY = 'collapsed-sidebar';
/** localStorage key of the theme choice: light, dark or system. */
export const THEME_STORAGE_KEY = 'vite-ui-theme';
export const THEME_DEFAULT = 'system' as const;
export const THEME_MODES = ['light', 'dark', 'system'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

/** At this width or more the sidebar is docked; below it, an overlay that closes at this width. */
export const SIDEBAR_BREAKPOINT_PX = 1024;
/** Resize events are debounced by this much before the sidebar reacts. */
export const RESIZE_DEBOUNCE_MS = 200;
/** Sidebar widths in units of 4 px (14 collapsed, 64 expanded). */
export const SIDEBAR_UNIT_PX = 4;
export const SIDEBAR_COLLAPSED_UNITS = 14;
export const SIDEBAR_EXPANDED_UNITS = 64;
export const SIDEBAR_COLLAPSED_WIDTH = SIDEBAR_COLLAPSED_UNITS * SIDEBAR_UNIT_PX; // 56 px
export const SIDEBAR_EXPANDED_WIDTH = SIDEBAR_EXPANDED_UNITS * SIDEBAR_UNIT_PX; // 256 px

/** The notifications panel opens after the pointer rests this long on the bell. */
export const NOTIFICATIONS_HOVER_DELAY_MS = 200;
/** The panel's list scrolls beyond this height. */
export const NOTIFICATIONS_MAX_HEIGHT_PX = 300;
/** How often the unread count is refreshed. */
export const NOTIFICATIONS_POLL_MS = 60_000;
/** How many notifications the panel shows. */
export const NOTIFICATIONS_PANEL_SIZE = 10;

/** Below this width lists show a SimpleList instead of a table (as the react-admin demo). */
export const SMALL_SCREEN_PX = 600;
