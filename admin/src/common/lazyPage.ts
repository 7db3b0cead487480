// One chunk per page (React.lazy): the first load carries react-admin and the layout, and each
// resource's screens arrive when they are opened. react-admin's Layout renders them in Suspense.
import { lazy, type ComponentType } from 'react';

export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType<any> })));
}
