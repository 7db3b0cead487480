// React's lazy() for the pages (each its own chunk), plus a way to load a page's code before
// React first renders it. A server-rendered page is hydrated only once its page's code is here,
// so hydration never meets a page still loading (which would throw the server's HTML away).
import { ComponentProps, ComponentType, lazy as reactLazy, ReactElement, ReactNode } from 'react';
import { createRoutesFromChildren, matchRoutes } from 'react-router-dom';

export interface LazyPage<P> {
  (props: P): ReactElement;
  /** Load the page's code; rendering it afterwards does not suspend. */
  preload(): Promise<void>;
}

export function lazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyPage<ComponentProps<T>> {
  let loaded: T | undefined;
  const preload = () =>
    load().then((m) => {
      loaded = m.default;
    });
  const Suspending = reactLazy(() => load().then((m) => ((loaded = m.default), m)));
  const Page = ((props: ComponentProps<T>) => {
    const Loaded = loaded as ComponentType<any> | undefined;
    return Loaded ? <Loaded {...props} /> : <Suspending {...props} />;
  }) as LazyPage<ComponentProps<T>>;
  Page.preload = preload;
  return Page;
}

/** Load the code of the page `routes` (a <Routes> element) shows at `path`. */
export async function preloadPage(routes: ReactElement<{ children?: ReactNode }>, path: string): Promise<void> {
  const matches = matchRoutes(createRoutesFromChildren(routes.props.children), path) ?? [];
  const element = matches[matches.length - 1]?.route.element as ReactElement | undefined;
  const page = element?.type as Partial<LazyPage<object>> | undefined;
  if (page && typeof page.preload === 'function') await page.preload();
}
