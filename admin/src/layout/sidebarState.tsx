// The sidebar's state: collapsed or expanded on desktop (kept in localStorage), an overlay on
// narrower screens that closes by itself once the window is SIDEBAR_BREAKPOINT_PX wide or more.
// react-admin's own "sidebar open" flag follows this state, so its Menu shows labels or tooltips.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSidebarState } from 'react-admin';
import { RESIZE_DEBOUNCE_MS, SIDEBAR_BREAKPOINT_PX, SIDEBAR_COLLAPSED_KEY } from './constants';

export function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

function writeCollapsed(collapsed: boolean) {
  try {
    window.localStorage.setItem(SIDEBAR_COLLAPSED_KEY, collapsed ? 'true' : 'false');
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}

const isWide = () => window.innerWidth >= SIDEBAR_BREAKPOINT_PX;

export interface SidebarController {
  /** Docked (desktop) rather than an overlay. */
  isDesktop: boolean;
  collapsed: boolean;
  mobileOpen: boolean;
  toggle(): void;
  closeMobile(): void;
}

export function useSidebarController(): SidebarController {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [isDesktop, setIsDesktop] = useState(isWide);
  const [mobileOpen, setMobileOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const onResize = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        const wide = isWide();
        setIsDesktop(wide);
        if (wide) setMobileOpen(false);
      }, RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  const toggle = useCallback(() => {
    if (isDesktop) {
      setCollapsed((c) => {
        writeCollapsed(!c);
        return !c;
      });
    } else {
      setMobileOpen((o) => !o);
    }
  }, [isDesktop]);
  const closeMobile = useCallback(() => setMobileOpen(false), []);

  return useMemo(
    () => ({ isDesktop, collapsed, mobileOpen, toggle, closeMobile }),
    [isDesktop, collapsed, mobileOpen, toggle, closeMobile],
  );
}

const SidebarContext = createContext<SidebarController | null>(null);

/** Holds the controller and mirrors it into react-admin's sidebar flag. */
export function SidebarProvider({ children }: { children: ReactNode }) {
  const controller = useSidebarController();
  const [, setRaOpen] = useSidebarState();
  const open = controller.isDesktop ? !controller.collapsed : controller.mobileOpen;
  useEffect(() => {
    setRaOpen(open);
  }, [open, setRaOpen]);
  return <SidebarContext.Provider value={controller}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarController {
  const ctx = useContext(SidebarContext);
  if (!ctx) throw new Error('useSidebar needs a SidebarProvider');
  return ctx;
}
