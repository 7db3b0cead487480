// The age gate of a page rendered on the server (domain/ageGate.ts): it is in the HTML for
// everyone, so a first-time visitor sees it with the page's first paint (it used to open only
// once the app had loaded, a second or two later on a phone, and was then the page's largest
// paint); the browser hydrates it without a warning, closes it at once on a device that has
// said yes, and its answers work once the app runs.
import { act } from 'react';
// Node's build, as the server renders (the browser build needs a MessageChannel jsdom has not).
import { renderToString } from 'react-dom/server.node';
import { hydrateRoot, Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AgeGate, AGE_KEY } from './AgeGate';
import { PreloadedProvider, PagePayload } from '../state/preloaded';

const payload = { url: '/products', origin: 'https://shop.example.bg', settings: {} } as PagePayload;

function Page() {
  return (
    <MemoryRouter initialEntries={['/products']}>
      <PreloadedProvider payload={payload}>
        <main>
          <h1>Магазин</h1>
        </main>
        <AgeGate />
      </PreloadedProvider>
    </MemoryRouter>
  );
}

let container: HTMLDivElement;
let root: Root | undefined;
let consoleError: jest.SpyInstance;

beforeEach(() => {
  localStorage.clear();
  container = document.createElement('div');
  container.id = 'root';
  document.body.appendChild(container);
  consoleError = jest.spyOn(console, 'error');
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
  consoleError.mockRestore();
});

/** The server's HTML, as a browser without the app (or a crawler) has it. */
function serverHtml(): string {
  // The server knows no device's answer: what the browser has stored must not matter.
  const html = renderToString(<Page />);
  container.innerHTML = html;
  return html;
}

async function hydrate() {
  await act(async () => {
    root = hydrateRoot(container, <Page />);
  });
}

describe('the age gate of a server-rendered page', () => {
  it('is in the HTML, after the page, with its answers waiting for the app', () => {
    const html = serverHtml();
    expect(html.indexOf('<main>')).toBeLessThan(html.indexOf('role="dialog"'));
    const dialog = screen.getByRole('dialog', { name: 'Навършили ли сте 18 години?' });
    expect(dialog).toHaveClass('age-overlay');
    // Before the app runs a click would be lost: the buttons say they cannot be used yet.
    expect(screen.getByRole('button', { name: 'Да, на 18+ съм' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Не' })).toBeDisabled();
  });

  it('hydrates without a warning and then answers a first-time visitor', async () => {
    serverHtml();
    await hydrate();
    expect(consoleError).not.toHaveBeenCalled();
    const yes = screen.getByRole('button', { name: 'Да, на 18+ съм' });
    expect(yes).toBeEnabled();
    await waitFor(() => expect(yes).toHaveFocus());
    expect(screen.getByRole('heading', { name: 'Магазин' }).closest('main')).toHaveAttribute('inert');
    await userEvent.click(yes);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(AGE_KEY)).toBe('yes');
    expect(screen.getByRole('heading', { name: 'Магазин' }).closest('main')).not.toHaveAttribute('inert');
    // The answer went with the dialog: focus starts the page, not the body.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Магазин' })).toHaveFocus());
  });

  it('closes on hydration on a device that has said yes, without a warning', async () => {
    serverHtml();
    localStorage.setItem(AGE_KEY, 'yes');
    await hydrate();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body).not.toHaveClass('no-scroll');
    expect(consoleError).not.toHaveBeenCalled();
  });
});
