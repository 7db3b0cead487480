// One polite and one assertive live region, in the server's HTML from the start; toasts
// and announcements are put into them; an error toast stays until closed, others wait while the
// pointer or focus is on them.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server.node';
import { LiveRegions } from './LiveRegions';
import { Price } from './Price';
import { clearToasts, toast } from '../state/toast';
import { announce } from '../state/announce';

beforeEach(() => clearToasts());
afterEach(() => jest.useRealTimers());

it('is in the server-rendered HTML, empty: one polite and one assertive region', () => {
  const html = renderToString(<LiveRegions />);
  expect(html.match(/aria-live="polite"/g)).toHaveLength(1);
  expect(html.match(/aria-live="assertive"/g)).toHaveLength(1);
  const page = document.createElement('div');
  page.innerHTML = html;
  expect(page.querySelector('#live-polite')).toBeEmptyDOMElement();
  expect(page.querySelector('#live-assertive')).toBeEmptyDOMElement();
});

it('puts toasts into the regions that were already there: errors assertive and kept, others polite', () => {
  jest.useFakeTimers();
  render(<LiveRegions />);
  const polite = screen.getByTestId('live-polite');
  const assertive = screen.getByTestId('live-assertive');
  act(() => toast.success('Продуктът е добавен в количката!'));
  act(() => toast.error('Грешка при поръчката.'));
  expect(within(polite).getByText('Продуктът е добавен в количката!')).toBeInTheDocument();
  expect(within(assertive).getByText('Грешка при поръчката.')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(60_000));
  // The success went by itself; the error waits to be closed.
  expect(within(polite).queryByText('Продуктът е добавен в количката!')).toBeNull();
  expect(within(assertive).getByText('Грешка при поръчката.')).toBeInTheDocument();
  act(() => screen.getByRole('button', { name: 'Затвори' }).click());
  expect(assertive).toBeEmptyDOMElement();
});

it('holds a success toast while the pointer is on it', async () => {
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(<LiveRegions />);
  act(() => toast.success('Количката е обновена.'));
  await user.hover(screen.getByText('Количката е обновена.'));
  act(() => jest.advanceTimersByTime(30_000));
  expect(screen.getByText('Количката е обновена.')).toBeInTheDocument();
  await user.unhover(screen.getByText('Количката е обновена.'));
  act(() => jest.advanceTimersByTime(30_000));
  expect(screen.queryByText('Количката е обновена.')).toBeNull();
});

it('says announcements in the polite region, the same words again as a new line', () => {
  render(<LiveRegions />);
  act(() => announce('Намерени 12 продукта'));
  const first = within(screen.getByTestId('live-polite')).getByText('Намерени 12 продукта');
  act(() => announce('Намерени 12 продукта'));
  const second = within(screen.getByTestId('live-polite')).getByText('Намерени 12 продукта');
  expect(second).not.toBe(first);
});

it('reads a price with its equivalent (no "slash") and names an old price', () => {
  render(
    <>
      <Price amount={27.9} />
      <Price amount={35} strike />
    </>,
  );
  const [price, old] = Array.from(document.querySelectorAll('.price'));
  expect(price.querySelector('[aria-hidden="true"]')).toHaveTextContent('/');
  expect(price.querySelector('.sr-only')).toHaveTextContent('(равностойност');
  expect(old.tagName).toBe('S');
  expect(old).toHaveTextContent(/^Стара цена: 35,00 лв\./);
});
