import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { Layout as RaLayout } from 'react-admin';
import { Breadcrumbs } from './Breadcrumbs';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { Sidebar } from './Sidebar';
import { SidebarProvider } from './sidebarState';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <SidebarProvider>
      <RaLayout appBar={AppBar} sidebar={Sidebar} menu={Menu}>
        {/* On phones and tablets the breadcrumbs sit above the page, in its own line. */}
        <Box component="nav" sx={{ display: { xs: 'block', md: 'none' }, px: 1, pt: 1, color: 'text.secondary', '& .MuiBreadcrumbs-ol': { flexWrap: 'wrap' } }}>
          <Breadcrumbs />
        </Box>
        {children}
      </RaLayout>
    </SidebarProvider>
  );
}
