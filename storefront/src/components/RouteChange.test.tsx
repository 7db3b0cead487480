// The shopper's place on route changes, the age gate's focus trap, Escape in the menu and the
// error screen: what a keyboard and screen-reader user gets.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, MemoryRouter, Link, Route, Routes } from 'react-router-dom';
import { keyThisEntry, RouteChange, SCROLL_KEY } from './RouteChange';
import { LiveRegions } from './LiveRegions';
import { AgeGate, AGE_KEY } from './AgeGate';
import { ErrorBoundary } from './ErrorBoundary';
import { App } from '../App';
import { mockFetch, clearCookies } from '../test/fetchMock';
import { SHOP, STOREFRONT } from '@domain/messages';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
});

function Pages() {
  return (
    <>
      <main>
        <Routes>
          <Route
            path="/"
            element={
              <>
                <title>Магазин</title>
                <h1>Магазин</h1>
                <Link to="/products/twins">TWINS</Link>
              </>
            }
          />
          <Route
            path="/products/:slug"
            element={
              <>
                <title>VAP SOLO TWINS</title>
                <h1>VAP SOLO TWINS</h1>
              </>
            }
          />
        </Routes>
      </main>
      <RouteChange />
      <LiveRegions />
    </>
  );
}

describe('a page loaded afresh', () => {
  function loadAfresh(path: string) {
    // What the browser has on a new document: no history state for the entry.
    window.history.replaceState(null, '', path);
    keyThisEntry();
    return render(
      <BrowserRouter>
        <Pages />
      </BrowserRouter>,
    );
  }

  it('opens at the top, not where another page loaded afresh in the tab was scrolled to', () => {
    const first = loadAfresh('/');
    // The shopper scrolls the first page, then opens a product page by its address.
    const firstKey = (window.history.state as { key: string }).key;
    sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ [firstKey]: 400, default: 400 }));
    first.unmount();
    (window.scrollTo as jest.Mock).mockClear();
    loadAfresh('/products/twins');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    expect(window.scrollTo).not.toHaveBeenCalledWith(expect.anything(), 400);
    expect((window.history.state as { key: string }).key).not.toBe(firstKey);
  });

  it('keeps its entry on a reload, so the reload returns to the place', () => {
    loadAfresh('/').unmount();
    const state = window.history.state as { key: string };
    keyThisEntry();
    expect(window.history.state).toEqual(state);
  });
});

describe('a route change', () => {
  it('opens the new page at the top, focuses its heading and announces its title', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Pages />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('live-polite')).toHaveTextContent('');
    (window.scrollTo as jest.Mock).mockClear();
    await userEvent.click(screen.getByRole('link', { name: 'TWINS' }));
    const heading = await screen.findByRole('heading', { name: 'VAP SOLO TWINS' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    await waitFor(() => expect(screen.getByTestId('live-polite')).toHaveTextContent('VAP SOLO TWINS'));
  });
});

describe('the age gate', () => {
  it('is a modal dialog that keeps Tab inside it', async () => {
    render(
      <>
        <button type="button">Отзад</button>
        <AgeGate />
      </>,
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const yes = screen.getByRole('button', { name: 'Да, на 18+ съм' });
    const no = screen.getByRole('button', { name: 'Не' });
    expect(yes).toHaveFocus();
    await userEvent.tab();
    expect(no).toHaveFocus();
    await userEvent.tab();
    expect(yes).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(no).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Отзад' })).not.toHaveFocus();
    await userEvent.click(yes);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(AGE_KEY)).toBe('yes');
  });
});

describe('the mobile menu', () => {
  it('closes on Escape and gives focus back to its toggle', async () => {
    localStorage.setItem(AGE_KEY, 'yes');
    mockFetch({ 'GET /api/csrf-token': { body: { csrfToken: 't' } }, 'GET /api/check-cookie': { body: { isUserCookieAvailable: false } } });
    render(
      <MemoryRouter>
        <App />
      </MemoryRouter>,
    );
    const toggle = screen.getByRole('button', { name: 'Меню' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    within(screen.getByRole('navigation', { name: 'Основна навигация' }))
      .getByRole('link', { name: 'Магазин' })
      .focus();
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});

describe('the error screen', () => {
  it('keeps the fixed English words and says them in Bulgarian too', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('boom');
    }
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent(`${SHOP.errorScreenBg} ${STOREFRONT.errorScreen}`);
    expect(screen.getByRole('button')).toHaveTextContent(`${SHOP.tryAgainBg} / ${STOREFRONT.tryAgain}`);
    spy.mockRestore();
  });
});

describe('the terms page', () => {
  it('carries the model withdrawal form, addressed to the shop', async () => {
    const { default: InfoPage } = await import('../pages/InfoPage');
    const { WITHDRAWAL_FORM_TITLE } = await import('@domain/withdrawalForm');
    render(
      <MemoryRouter>
        <InfoPage page="terms" />
      </MemoryRouter>,
    );
    const form = screen.getByRole('region', { name: WITHDRAWAL_FORM_TITLE });
    expect(form).toHaveTextContent('С настоящото уведомявам/уведомяваме*, че се отказвам/отказваме*');
    expect(form).toHaveTextContent(/До .*София/);
  });
});
