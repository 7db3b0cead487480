import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { AppBar as MuiAppBar, Box, IconButton, ListItemIcon, MenuItem, Toolbar, Tooltip, Typography } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { LOCALES } from '../i18nProvider';
import {
  LoadingIndicator,
  LocalesMenuButton,
  UserMenu,
  Logout,
  useGetIdentity,
  useLocaleState,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { Breadcrumbs, useCrumbsInBar } from './Breadcrumbs';
import { NotificationsPanel } from './NotificationsPanel';
import { useSidebar } from './sidebarState';
import { ThemeSwitch } from './themeMode';

/** The language choice inside the user menu, for phones where the bar has no room for it. */
function LanguageItems() {
  const [locale, setLocale] = useLocaleState();
  const translate = useTranslate();
  const { onClose } = useUserMenu() ?? {};
  return (
    <Box sx={{ display: { xs: 'block', sm: 'none' } }}>
      {LOCALES.map((l) => (
        <MenuItem
          key={l.locale}
          selected={l.locale === locale}
          onClick={() => {
            setLocale(l.locale);
            onClose?.();
          }}
        >
          <ListItemIcon>
            <TranslateIcon fontSize="small" />
          </ListItemIcon>
          {translate(`app.language.${l.locale}`)}
        </MenuItem>
      ))}
    </Box>
  );
}

export function AppBar(_props: { alwaysOn?: boolean }) {
  const translate = useTranslate();
  const crumbsInBar = useCrumbsInBar();
  const { isDesktop, collapsed, mobileOpen, toggle } = useSidebar();
  const open = isDesktop ? !collapsed : mobileOpen;
  const toggleLabel = translate(open ? 'app.sidebar.collapse' : 'app.sidebar.expand');
  // The user menu's button shows the person's name: its accessible name says it too (WCAG 2.5.3).
  const { identity } = useGetIdentity();
  const userMenuLabel = identity?.fullName ? `${translate('ra.auth.user_menu')}: ${identity.fullName}` : 'ra.auth.user_menu';
  return (
    <MuiAppBar position="fixed" color="secondary" elevation={1}>
      <Toolbar variant="dense" sx={{ minHeight: 48, gap: 1, px: { xs: 1, sm: 1 } }}>
        <Tooltip title={toggleLabel}>
          <IconButton color="inherit" aria-label={toggleLabel} onClick={toggle} edge="start">
            {open ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
        </Tooltip>
        <Typography variant="h6" component="span" sx={{ display: { xs: 'none', md: 'block' }, fontWeight: 700, letterSpacing: 1 }}>
          VAP SOLO
        </Typography>
        {/* The panel's visible title ('Administrator panel' in English; „Административен панел“ in Bulgarian). */}
        <Typography
          variant="subtitle1"
          component="span"
          data-testid="app-title"
          noWrap
          sx={{ display: { xs: crumbsInBar ? 'none' : 'block', lg: 'block' }, flexShrink: 0, mr: 1, opacity: 0.9 }}
        >
          {translate('app.title')}
        </Typography>
        {/* On a phone the crumbs get a line of their own under the bar (Layout), never covering a title. */}
        <Box sx={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>{crumbsInBar && <Breadcrumbs />}</Box>
        <NotificationsPanel />
        <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
          <LocalesMenuButton />
        </Box>
        <ThemeSwitch />
        <Box sx={{ display: { xs: 'none', sm: 'flex' } }}>
          <LoadingIndicator />
        </Box>
        {/* Sign-out is always reachable; on a phone the language choice lives here too. */}
        <UserMenu label={userMenuLabel}>
          <LanguageItems />
          <Logout />
        </UserMenu>
      </Toolbar>
    </MuiAppBar>
  );
}
