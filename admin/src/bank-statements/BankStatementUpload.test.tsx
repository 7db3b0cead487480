// Uploading a statement: nothing is sent without a file (the field says so), and a file the
// server refuses shows the server's reason on the file field itself, with the focus on it.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { BANK_STATEMENT_TEXT } from '@domain/bankStatements';
import { renderAdmin } from '../test/renderAdmin';
import { mockFetch } from '../test/fetchMock';
import { setCsrfToken } from '../httpClient';
import { createDataProvider } from '../dataProvider';
import { BankStatementUpload } from './BankStatementUpload';

test('a missing file and a refused one are both told on the file field', async () => {
  setCsrfToken('tok');
  const { calls } = mockFetch({
    'POST /api/admin/bank-statements': {
      status: 400,
      body: { message: BANK_STATEMENT_TEXT.notStatement, errors: { file: BANK_STATEMENT_TEXT.notStatement } },
    },
  });
  renderAdmin(
    <ResourceContextProvider value="bank-statements">
      <BankStatementUpload />
    </ResourceContextProvider>,
    { dataProvider: createDataProvider(), path: '/admin/bank-statements/create' },
  );
  const input = await screen.findByLabelText(/Файл с извлечение/);
  expect(input).toHaveAttribute('accept', '.xml,.sta,.txt,.940,.mt940');

  await userEvent.click(screen.getByRole('button', { name: 'Качи извлечение' }));
  expect(await screen.findByText(BANK_STATEMENT_TEXT.fileMissing)).toBeInTheDocument();
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

  await userEvent.upload(input, new File(['%PDF-1.4 nope'], 'statement.txt', { type: 'text/plain' }));
  expect(screen.getByText('Избран файл: statement.txt')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Качи извлечение' }));
  await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
  const post = calls.find((c) => c.method === 'POST')!;
  expect(post.body).toBeInstanceOf(FormData);
  expect((post.body as FormData).get('file')).toHaveProperty('name', 'statement.txt');
  await waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining(BANK_STATEMENT_TEXT.notStatement)));
  expect(input).toHaveAttribute('aria-invalid', 'true');
  await waitFor(() => expect(input).toHaveFocus());
});
