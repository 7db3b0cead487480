import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { Layout as RaLayout } from 'react-admin';
import { Breadcrumbs, useCrumbsInBar, useDocumentTitle } from './Breadcrumbs';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { Sidebar } from './Sidebar';
import { SidebarProvider } from './sidebarState';

/** On phones and tablets the breadcrumbs sit above the page, on a line of their own. */
function PageCrumbs() {
  if (useCrumbsInBar()) return null;
  return (
    <Box sx={{ px: 1, pt: 1, color: 'text.secondary', '& .MuiBreadcrumbs-ol': { flexWrap: 'wrap' } }}>
      <Breadcrumbs />
    </Box>
  );
}

function DocumentTitle() {
  useDocumentTitle();
  return null;
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <SidebarProvider>
      <RaLayout appBar={AppBar} sidebar={Sidebar} menu={Menu}>
        <PageCrumbs />
        <DocumentTitle />
        {children}
      </RaLayout>
    </SidebarProvider>
  );
}
