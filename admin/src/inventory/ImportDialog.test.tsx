import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { renderAdmin } from '../test/renderAdmin';
import { ImportDialog } from './ImportDialog';
import type { ImportReport } from '@domain/api';

const report = (over: Partial<ImportReport>): ImportReport => ({
  dryRun: true,
  applied: false,
  message: 'Проверка: 2 реда, нищо не е променено.',
  counts: { createProduct: 0, createVariant: 0, update: 1, unchanged: 1, error: 0 },
  columns: { used: ['SKU', 'Наличност'], ignored: [] },
  rows: [
    {
      row: 2,
      sku: 'TW-10',
      productName: 'TWINS Мента',
      variantName: '10 mg',
      productSlug: 'twins-menta',
      action: 'update',
      changes: [{ field: 'stock', from: 4, to: 12 }],
      errors: [],
    },
    {
      row: 3,
      sku: 'TW-20',
      productName: 'TWINS Мента',
      variantName: '20 mg',
      productSlug: 'twins-menta',
      action: 'unchanged',
      changes: [],
      errors: [],
    },
  ],
  ...over,
});

const pick = (name = 'nalichnosti.csv') => {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['SKU;Наличност\r\nTW-10;12\r\n'], name, { type: 'text/csv' })] } });
};

test('a file with errors shows them by row and cannot be applied', async () => {
  const withError = report({
    counts: { createProduct: 0, createVariant: 0, update: 0, unchanged: 0, error: 1 },
    rows: [
      {
        row: 2,
        sku: 'TW-10',
        productName: '',
        variantName: '',
        productSlug: '',
        action: 'error',
        changes: [],
        errors: [{ column: 'Наличност', message: 'Наличността не може да е отрицателна.' }],
      },
    ],
  });
  const importProducts = jest.fn(async () => withError);
  renderAdmin(<ImportDialog onClose={() => undefined} />, { dataProvider: { importProducts } });
  pick();
  expect(await screen.findByText('Наличност: Наличността не може да е отрицателна.')).toBeInTheDocument();
  expect(importProducts).toHaveBeenCalledWith(expect.any(File), true);
  expect(screen.getByText(/Файлът има грешки на 1 ред/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Приложи' })).toBeDisabled();
});

test('a clean dry run shows the changes; Приложи asks first, then applies and says so', async () => {
  const importProducts = jest.fn(async (_file: File, dryRun: boolean) =>
    dryRun ? report({}) : report({ dryRun: false, applied: true, message: 'Импортът е приложен: 1 ред с промени.' }),
  );
  const onClose = jest.fn();
  renderAdmin(<ImportDialog onClose={onClose} />, { dataProvider: { importProducts } });
  pick();
  expect(await screen.findByText('Наличност: 4 → 12')).toBeInTheDocument();
  // Unchanged rows stay out of the way until asked for.
  expect(screen.queryByText('TW-20')).not.toBeInTheDocument();
  await userEvent.click(screen.getByLabelText('Покажи и редовете без промяна'));
  expect(screen.getByText('TW-20')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Приложи' }));
  const confirm = await screen.findByRole('dialog', { name: 'Да се приложи ли импортът?' });
  expect(importProducts).toHaveBeenCalledTimes(1);
  await userEvent.click(within(confirm).getByRole('button', { name: /Приложи/ }));
  await waitFor(() => expect(importProducts).toHaveBeenCalledWith(expect.any(File), false));
  expect(await screen.findByText('Импортът е приложен: 1 ред с промени.')).toBeInTheDocument();
  expect(onClose).toHaveBeenCalled();
});

test('an apply refused because the file changed meaning since the check shows the rows again', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs the refusal in development
  const refused = report({
    counts: { createProduct: 0, createVariant: 0, update: 0, unchanged: 0, error: 1 },
    message: 'Файлът има грешки на 1 ред. Нищо не е променено.',
    rows: [
      {
        row: 2,
        sku: 'TW-10',
        productName: '',
        variantName: '',
        productSlug: '',
        action: 'error',
        changes: [],
        errors: [{ column: 'SKU', message: 'SKU „TW-10“ е на друг продукт („x“).' }],
      },
    ],
  });
  const importProducts = jest.fn(async (_file: File, dryRun: boolean) => {
    if (dryRun) return report({});
    throw new HttpError(refused.message, 400, refused);
  });
  renderAdmin(<ImportDialog onClose={() => undefined} />, { dataProvider: { importProducts } });
  pick();
  await screen.findByText('Наличност: 4 → 12');
  await userEvent.click(screen.getByRole('button', { name: 'Приложи' }));
  const confirm = await screen.findByRole('dialog', { name: 'Да се приложи ли импортът?' });
  await userEvent.click(within(confirm).getByRole('button', { name: /Приложи/ }));
  expect(await screen.findByText('SKU: SKU „TW-10“ е на друг продукт („x“).')).toBeInTheDocument();
  expect(screen.getByText('Файлът има грешки на 1 ред. Нищо не е променено.')).toBeInTheDocument();
});
