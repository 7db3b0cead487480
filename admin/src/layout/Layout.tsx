import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { keepFocusAfter } from '../common/focus';
import { Box, Typography } from '@mui/material';
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

/**
 * The page's h1: react-admin's <Title> (each list, form and page gives one) is drawn into the
 * element with this id. The bar has no title slot of its own, so the page's name heads its content.
 */
export function PageHeading() {
  return (
    <Typography
      id="react-admin-title"
      component="h1"
      variant="h5"
      tabIndex={-1}
      sx={{ px: 1, pt: 1.5, pb: 0.5, fontWeight: 600, overflowWrap: 'anywhere', '&:empty': { display: 'none' } }}
    />
  );
}

/**
 * A new page whose link or button went with the old one (a record opened from a list, a redirect
 * after a delete confirmed in a dialog) leaves focus on the body: it goes to the new page's h1.
 * Focus that is still somewhere (the menu's link, a form's autofocus) stays where it is.
 */
function FocusOnNewPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    keepFocusAfter(null);
  }, [pathname]);
  return null;
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
        <FocusOnNewPage />
        <PageHeading />
        {children}
      </RaLayout>
    </SidebarProvider>
  );
}
