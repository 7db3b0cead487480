import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAdmin } from '../test/renderAdmin';
import { NOTIFICATIONS_HOVER_DELAY_MS } from './constants';
import { NotificationsPanel } from './NotificationsPanel';

const items = [
  {
    id: 1,
    type: 'order',
    message: 'Нова поръчка VS-10012 от Иван Петров',
    link: '/admin/orders/12',
    isRead: false,
    createdAt: '2026-11-20T10:15:00Z',
  },
  {
    id: 2,
    type: 'contact',
    message: 'Ново съобщение от дистрибутор',
    link: '/admin/contact-messages/3/show',
    isRead: true,
    createdAt: '2026-11-19T08:00:00Z',
  },
];

function provider(list: typeof items, unread: number) {
  return {
    unreadCount: jest.fn(async () => unread),
    getList: jest.fn(async () => ({ data: list, total: list.length })),
    update: jest.fn(async (_r: string, p: any) => ({ data: { ...p.previousData, ...p.data } })),
    readAllNotifications: jest.fn(async () => ({ message: 'Всички нотификации са отбелязани като прочетени.' })),
  };
}

async function hoverOpen() {
  const bell = await screen.findByRole('button', { name: /^Нотификации/ });
  jest.useFakeTimers();
  fireEvent.mouseEnter(bell);
  act(() => jest.advanceTimersByTime(NOTIFICATIONS_HOVER_DELAY_MS - 1));
  expect(screen.queryByRole('dialog', { name: 'Нотификации' })).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  jest.useRealTimers();
  return screen.findByRole('dialog', { name: 'Нотификации' });
}

afterEach(() => jest.useRealTimers());

/** The red count on the bell (MUI hides it, keeping its last text, when the count is 0). */
const unreadBadge = () => screen.getByTestId('notifications-badge').querySelector('.MuiBadge-badge');

test('the badge shows the unread count; hovering 200 ms opens the panel with its items', async () => {
  renderAdmin(<NotificationsPanel />, { dataProvider: provider(items, 1) });
  await waitFor(() => expect(unreadBadge()).toHaveTextContent('1'));
  expect(unreadBadge()).not.toHaveClass('MuiBadge-invisible');
  const panel = await hoverOpen();
  expect(within(panel).getByRole('heading', { name: 'Нотификации' })).toBeInTheDocument();
  expect(await within(panel).findByText('Нова поръчка VS-10012 от Иван Петров')).toBeInTheDocument();
  expect(within(panel).getByText('Ново съобщение от дистрибутор')).toBeInTheDocument();
  expect(within(panel).getByText(new Date(items[0].createdAt).toLocaleString('bg-BG'))).toBeInTheDocument();
});

test('with nothing to show the panel says so', async () => {
  renderAdmin(<NotificationsPanel />, { dataProvider: provider([], 0) });
  const panel = await hoverOpen();
  expect(await within(panel).findByText('Няма нотификации')).toBeInTheDocument();
  expect(within(panel).queryByRole('button', { name: 'Маркирай всички като прочетени' })).not.toBeInTheDocument();
});

test('clicking an unread item marks it read; "mark all read" clears the badge', async () => {
  const dp = provider(items, 1);
  renderAdmin(<NotificationsPanel />, { dataProvider: dp });
  await waitFor(() => expect(screen.getByTestId('notifications-badge')).toHaveTextContent('1'));
  const panel = await hoverOpen();
  fireEvent.click(await within(panel).findByText('Нова поръчка VS-10012 от Иван Петров'));
  await waitFor(() => expect(dp.update).toHaveBeenCalledWith('notifications', expect.objectContaining({ id: 1, data: { isRead: true } })));
  await waitFor(() => expect(unreadBadge()).toHaveClass('MuiBadge-invisible'));
});

test('"mark all read" reads all and shows the server message', async () => {
  const dp = provider(items, 2);
  renderAdmin(<NotificationsPanel />, { dataProvider: dp });
  await waitFor(() => expect(screen.getByTestId('notifications-badge')).toHaveTextContent('2'));
  const panel = await hoverOpen();
  fireEvent.click(await within(panel).findByRole('button', { name: 'Маркирай всички като прочетени' }));
  expect(await screen.findByText('Всички нотификации са отбелязани като прочетени.')).toBeInTheDocument();
  expect(dp.readAllNotifications).toHaveBeenCalled();
  expect(unreadBadge()).toHaveClass('MuiBadge-invisible');
});
