import { Box, Drawer } from '@mui/material';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_EXPANDED_WIDTH } from './constants';
import { useSidebar } from './sidebarState';

/** Docked and collapsible at 1024 px or more; a closable overlay below that. */
export function Sidebar({ children }: { children: ReactNode; appBarAlwaysOn?: boolean }) {
  const { isDesktop, collapsed, mobileOpen, closeMobile } = useSidebar();
  const location = useLocation();
  // Following a link in the overlay closes it.
  useEffect(() => {
    closeMobile();
  }, [location.pathname, closeMobile]);

  if (!isDesktop) {
    return (
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={closeMobile}
        ModalProps={{ keepMounted: false }}
        PaperProps={{ sx: { width: SIDEBAR_EXPANDED_WIDTH } }}
        data-testid="sidebar-overlay"
      >
        <Box component="nav" sx={{ pt: 1 }}>
          {children}
        </Box>
      </Drawer>
    );
  }
  const width = collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_EXPANDED_WIDTH;
  return (
    <Box
      component="nav"
      data-testid="sidebar"
      data-collapsed={collapsed ? 'true' : 'false'}
      sx={{
        width,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create('width'),
        overflowX: 'hidden',
        borderRight: 1,
        borderColor: 'divider',
        minHeight: 'calc(100vh - 48px)',
      }}
    >
      <Box sx={{ position: 'sticky', top: 48, width }}>{children}</Box>
    </Box>
  );
}
