import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, AppRoutes } from './App';
import { PreloadedProvider, readPagePayload } from './state/preloaded';
import { preloadPage } from './lazyPage';
import { hasTradeHint, withoutGuestPrices } from './state/tradeHint';
import { keyThisEntry } from './components/RouteChange';
import './styles.css';

// A page the server rendered carries its data: hydrate it (once its page's code is here).
// Pages the server leaves to the browser (cart, checkout, account, and a trade member's pages) are
// rendered here; a guest's rendered page that reaches a member anyway is rendered afresh, its data
// asked with their prices (state/tradeHint).
const member = hasTradeHint();
const rendered = readPagePayload();
const payload = rendered && member ? withoutGuestPrices(rendered) : rendered;
const root = document.getElementById('root')!;
keyThisEntry();
const app = (
  <StrictMode>
    <BrowserRouter>
      <PreloadedProvider payload={payload}>
        <App />
      </PreloadedProvider>
    </BrowserRouter>
  </StrictMode>
);

if (payload && !member) {
  preloadPage(AppRoutes(), window.location.pathname).then(
    () => hydrateRoot(root, app),
    () => createRoot(root).render(app),
  );
} else {
  createRoot(root).render(app);
}
