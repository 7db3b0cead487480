// The entry: a signed-out visit goes to /signin before any of the panel is downloaded (the sign-in
// page then loads only the storefront's small bundle); staff get the panel, loaded in its own chunk.
import { staffSignedIn, signInUrl } from './signIn';

async function start() {
  if (!(await staffSignedIn())) {
    window.location.replace(signInUrl());
    return;
  }
  const [{ StrictMode, createElement }, { createRoot }, { Root }] = await Promise.all([
    import('react'),
    import('react-dom/client'),
    import('./App'),
  ]);
  createRoot(document.getElementById('root')!).render(createElement(StrictMode, null, createElement(Root)));
}

void start();
