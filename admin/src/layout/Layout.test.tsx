import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderAdmin } from '../test/renderAdmin';
import { RESIZE_DEBOUNCE_MS, SIDEBAR_BREAKPOINT_PX, SIDEBAR_COLLAPSED_KEY } from './constants';
import { Layout } from './Layout';

const dataProvider = {
  unreadCount: async () => 0,
  getList: async () => ({ data: [], total: 0 }),
  getOne: async () => ({ data: { id: 1 } }),
};

function setWidth(px: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: px });
}

function renderLayout(path = '/admin') {
  return renderAdmin(
    <Layout>
      <p>Съдържание</p>
    </Layout>,
    { dataProvider, path },
  );
}

beforeEach(() => {
  localStorage.clear();
  setWidth(1280);
});
afterEach(() => {
  jest.useRealTimers();
});

test('the menu has the ten main entries, in order, under /admin, then the day-to-day extras', async () => {
  renderLayout();
  const nav = await screen.findByTestId('sidebar');
  const all = within(nav).getAllByRole('menuitem');
  expect(all.slice(10).map((a) => a.textContent)).toEqual([
    'Клиенти',
    'Търговци',
    'Оферти',
    'Наличности',
    'Вкусове',
    'Ценови листи',
    'Фактури',
    'Вземания',
    'Банкови извлечения',
  ]);
  const links = all.slice(0, 10);
  expect(links.map((a) => a.textContent)).toEqual([
    'Табло',
    'Поръчки',
    'Продукти',
    'Категории',
    'Потребители',
    'Анализ',
    'Администратори',
    'Плащания',
    'Отстъпки',
    'Настройки',
  ]);
  expect(links.map((a) => a.getAttribute('href'))).toEqual([
    '/admin/',
    '/admin/orders',
    '/admin/products',
    '/admin/categories',
    '/admin/users',
    '/admin/analysis',
    '/admin/admins',
    '/admin/payments',
    '/admin/discounts',
    '/admin/settings',
  ]);
});

test('collapsing on desktop is remembered in localStorage "collapsed-sidebar"', async () => {
  localStorage.setItem(SIDEBAR_COLLAPSED_KEY, 'true');
  const { unmount } = renderLayout();
  const nav = await screen.findByTestId('sidebar');
  expect(nav).toHaveAttribute('data-collapsed', 'true');
  fireEvent.click(screen.getByRole('button', { name: 'Разгъни менюто' }));
  expect(nav).toHaveAttribute('data-collapsed', 'false');
  expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('false');
  fireEvent.click(screen.getByRole('button', { name: 'Свий менюто' }));
  expect(localStorage.getItem(SIDEBAR_COLLAPSED_KEY)).toBe('true');
  unmount();
  renderLayout();
  expect(await screen.findByTestId('sidebar')).toHaveAttribute('data-collapsed', 'true');
});

test('on a narrow screen the menu is an overlay that closes once the window is 1024 px wide (resize debounced 200 ms)', async () => {
  setWidth(800);
  renderLayout();
  await screen.findByText('Съдържание');
  expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
  jest.useFakeTimers();
  fireEvent.click(screen.getByRole('button', { name: 'Разгъни менюто' }));
  const overlay = await screen.findByRole('presentation');
  expect(within(overlay).getByText('Поръчки')).toBeInTheDocument();
  // Still narrow: the overlay stays.
  setWidth(SIDEBAR_BREAKPOINT_PX - 1);
  fireEvent(window, new Event('resize'));
  act(() => jest.advanceTimersByTime(RESIZE_DEBOUNCE_MS));
  expect(screen.getByRole('presentation')).toBeInTheDocument();
  // Wide enough: nothing happens before the debounce ends, then the overlay closes.
  setWidth(SIDEBAR_BREAKPOINT_PX);
  fireEvent(window, new Event('resize'));
  act(() => jest.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 1));
  expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.getByTestId('sidebar')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1000));
  expect(screen.queryByRole('presentation')).not.toBeInTheDocument();
});

test('breadcrumbs are built from the path', async () => {
  renderLayout('/admin/orders/create');
  const crumbs = await screen.findByRole('navigation', { name: 'Навигация' });
  expect(within(crumbs).getByText('Табло')).toBeInTheDocument();
  expect(within(crumbs).getByText('Поръчки')).toBeInTheDocument();
  expect(within(crumbs).getByText('Нов запис')).toBeInTheDocument();
});

test('each tab has its own title', async () => {
  renderLayout('/admin/orders');
  await screen.findByTestId('sidebar');
  expect(document.title).toBe('Поръчки | VAP SOLO Админ');
});

test('the bar shows the panel’s title in the chosen language', async () => {
  renderLayout('/admin/orders');
  expect(await screen.findByTestId('app-title')).toHaveTextContent('Административен панел');
  fireEvent.click(screen.getAllByRole('button', { name: /Български/ })[0]);
  fireEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
  expect(await screen.findByText('Administrator panel')).toBeInTheDocument();
  expect(screen.getByTestId('app-title')).toHaveTextContent('Administrator panel');
});
