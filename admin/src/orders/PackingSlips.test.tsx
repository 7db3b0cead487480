// Packing slips from the panel: the order page offers its slip in A4 and A6 as download links;
// the list's bulk action POSTs the selected ids with the CSRF token and saves the PDF, or shows
// the server's Bulgarian refusal.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListContextProvider, RecordContextProvider } from 'react-admin';
import { renderAdmin } from '../test/renderAdmin';
import { mockFetch } from '../test/fetchMock';
import { setCsrfToken } from '../httpClient';
import { BulkPackingSlipsButton, PackingSlipCard } from './PackingSlips';
import { PACKING_SLIP_TEXT } from '@domain/packingSlips';

const list = (selectedIds: number[]) => ({
  resource: 'orders',
  selectedIds,
  data: [],
  onUnselectItems: jest.fn(),
  onSelect: jest.fn(),
  onToggleItem: jest.fn(),
});

test('the order page links its slip in A4 and A6', () => {
  renderAdmin(
    <RecordContextProvider value={{ id: 7 }}>
      <PackingSlipCard />
    </RecordContextProvider>,
    { dataProvider: {} },
  );
  expect(screen.getByRole('link', { name: 'Бележка за опаковане A4' })).toHaveAttribute('href', '/api/admin/orders/7/packing-slip?size=a4');
  expect(screen.getByRole('link', { name: 'Бележка за опаковане A6 (етикет)' })).toHaveAttribute(
    'href',
    '/api/admin/orders/7/packing-slip?size=a6',
  );
});

test('the bulk action posts the selected ids and size and saves the PDF it gets back', async () => {
  setCsrfToken('tok');
  const calls: Array<{ url: string; init: RequestInit }> = [];
  (globalThis as any).fetch = jest.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return { ok: true, status: 200, blob: async () => new Blob(['%PDF-1.3'], { type: 'application/pdf' }), json: async () => ({}) };
  });
  const saved: string[] = [];
  (URL as any).createObjectURL = jest.fn(() => 'blob:slips');
  (URL as any).revokeObjectURL = jest.fn();
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(`${this.href} ${this.download}`);
  });
  renderAdmin(
    <ListContextProvider value={list([3, 5]) as any}>
      <BulkPackingSlipsButton />
    </ListContextProvider>,
    { dataProvider: {} },
  );
  await userEvent.click(screen.getByRole('button', { name: PACKING_SLIP_TEXT.bulkButton }));
  await userEvent.click(await screen.findByRole('menuitem', { name: /A6/ }));
  await waitFor(() => expect(saved).toEqual(['blob:slips packing-slips-a6.pdf']));
  expect(calls).toHaveLength(1);
  expect(calls[0].url).toBe('/api/admin/orders/packing-slips');
  expect(calls[0].init.method).toBe('POST');
  expect(JSON.parse(String(calls[0].init.body))).toEqual({ ids: [3, 5], size: 'a6' });
  expect((calls[0].init.headers as Headers).get('x-csrf-token')).toBe('tok');
  click.mockRestore();
});

test('a refusal shows the server’s Bulgarian message', async () => {
  setCsrfToken('tok');
  mockFetch({ 'POST /api/admin/orders/packing-slips': { status: 400, body: { message: PACKING_SLIP_TEXT.tooMany } } });
  renderAdmin(
    <ListContextProvider value={list([1]) as any}>
      <BulkPackingSlipsButton />
    </ListContextProvider>,
    { dataProvider: {} },
  );
  await userEvent.click(screen.getByRole('button', { name: PACKING_SLIP_TEXT.bulkButton }));
  await userEvent.click(await screen.findByRole('menuitem', { name: /A4/ }));
  expect(await screen.findByText(PACKING_SLIP_TEXT.tooMany)).toBeInTheDocument();
});
