import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { Sidebar } from './Sidebar';
import { SidebarProvider } from './sidebarState';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <SidebarProvider>
      <RaLayout appBar={AppBar} sidebar={Sidebar} menu={Menu}>
        {children}
      </RaLayout>
    </SidebarProvider>
  );
}
