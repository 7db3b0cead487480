import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { AppBar as MuiAppBar, Box, IconButton, Toolbar, Tooltip, Typography } from '@mui/material';
import { LoadingIndicator, LocalesMenuButton, UserMenu, Logout, useTranslate } from 'react-admin';
import { Breadcrumbs } from './Breadcrumbs';
import { NotificationsPanel } from './NotificationsPanel';
import { useSidebar } from './sidebarState';
import { ThemeSwitch } from './themeMode';

export function AppBar(_props: { alwaysOn?: boolean }) {
  const translate = useTranslate();
  const { isDesktop, collapsed, mobileOpen, toggle } = useSidebar();
  const open = isDesktop ? !collapsed : mobileOpen;
  const toggleLabel = translate(open ? 'app.sidebar.collapse' : 'app.sidebar.expand');
  return (
    <MuiAppBar position="fixed" color="secondary" elevation={1}>
      <Toolbar variant="dense" sx={{ minHeight: 48, gap: 1, px: { xs: 1, sm: 1 } }}>
        <Tooltip title={toggleLabel}>
          <IconButton color="inherit" aria-label={toggleLabel} onClick={toggle} edge="start">
            {open ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
        </Tooltip>
        <Typography variant="h6" component="span" sx={{ display: { xs: 'none', md: 'block' }, fontWeight: 700, letterSpacing: 1, mr: 1 }}>
          VAP SOLO
        </Typography>
        <Box sx={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
          <Breadcrumbs />
        </Box>
        <NotificationsPanel />
        <LocalesMenuButton />
        <ThemeSwitch />
        <LoadingIndicator />
        <UserMenu>
          <Logout />
        </UserMenu>
      </Toolbar>
    </MuiAppBar>
  );
}
