// A save refused because someone else changed the record since it was opened: the form says so
// in place (an alert that takes the focus), and „Презареди“ reads the record again with what the
// person typed kept, so the next save goes on top of the new version.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { renderAdmin } from '../test/renderAdmin';
import { CategoryEdit } from '../categories/CategoryEdit';

const STALE = 'Записът е променен от Мария Иванова на 28.11.2026 в 10:42, след като го отворихте. Презаредете, за да видите промените.';

test('a stale save shows the conflict on the form; „Презареди“ keeps what was typed over the new version', async () => {
  // react-admin logs a refused save to the console; the refusal is what this test is about.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const opened = { id: 3, name: 'Течности', slug: 'technosti', parentId: null, position: 0, description: 'Старо описание', version: 1 };
  const now = { ...opened, name: 'Течности за вейп', version: 2 };
  const getOne = jest.fn().mockResolvedValueOnce({ data: opened }).mockResolvedValue({ data: now });
  const update = jest
    .fn()
    .mockRejectedValueOnce(
      new HttpError(STALE, 409, {
        message: STALE,
        conflict: { changedBy: 'Мария Иванова', changedAt: '2026-11-28T08:42:00Z', version: 2 },
      }),
    )
    .mockImplementation(async (_r: string, p: any) => ({ data: { ...now, ...p.data, version: 3 } }));
  const dataProvider = {
    getOne,
    update,
    getList: jest.fn(async () => ({ data: [], total: 0 })),
    getMany: jest.fn(async () => ({ data: [] })),
  };
  renderAdmin(
    <ResourceContextProvider value="categories">
      <Routes>
        <Route path="categories/:id" element={<CategoryEdit />} />
      </Routes>
    </ResourceContextProvider>,
    { dataProvider, path: '/admin/categories/3' },
  );

  const description = await screen.findByDisplayValue('Старо описание');
  await userEvent.clear(description);
  await userEvent.type(description, 'Моето описание');
  await userEvent.click(screen.getByRole('button', { name: /Запази/ }));

  // The refusal is on the form, said to screen readers, with the focus on it.
  const alert = await screen.findByTestId('stale-edit-alert');
  expect(alert).toHaveAttribute('role', 'alert');
  expect(alert).toHaveTextContent('Записът е променен от Мария Иванова на 28.11.2026 в 10:42');
  await waitFor(() => expect(alert).toHaveFocus());
  // Sent with the version the form was opened at.
  expect(update.mock.calls[0][1].data).toMatchObject({ description: 'Моето описание', version: 1 });

  await userEvent.click(screen.getByRole('button', { name: 'Презареди' }));
  // The other person's change shows, and what was typed is still there.
  expect(await screen.findByDisplayValue('Течности за вейп')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByDisplayValue('Моето описание')).toBeInTheDocument());
  expect(screen.queryByTestId('stale-edit-alert')).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: /Запази/ }));
  await waitFor(() => expect(update).toHaveBeenCalledTimes(2));
  expect(update.mock.calls[1][1].data).toMatchObject({ name: 'Течности за вейп', description: 'Моето описание', version: 2 });
});
