// Money typed by staff reads Bulgarian: "29,90" saves 29.9 (a number input in a Bulgarian
// browser saved 2990); "29.90" too; what cannot be read for certain is refused, not guessed.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider, SimpleForm } from 'react-admin';
import { renderAdmin } from '../test/renderAdmin';
import { MoneyInput } from './MoneyInput';
import { FORM } from '@domain/messages';

function setup(record: Record<string, unknown> = { price: null }) {
  const onSubmit = jest.fn();
  renderAdmin(
    <ResourceContextProvider value="products">
      <SimpleForm record={record} onSubmit={onSubmit}>
        <MoneyInput source="price" label="Цена" />
      </SimpleForm>
    </ResourceContextProvider>,
    { dataProvider: {} },
  );
  return onSubmit;
}

async function typeAndSave(text: string) {
  const input = await screen.findByLabelText('Цена');
  await userEvent.clear(input);
  await userEvent.type(input, text);
  await userEvent.click(screen.getByRole('button', { name: /Запази|Save/ }));
  return input as HTMLInputElement;
}

test.each([
  ['29,90', 29.9, '29,90'],
  ['29.90', 29.9, '29.90'],
  ['1 299,5', 1299.5, '1299,5'],
])('"%s" is saved as the number %p', async (typed, saved, shown) => {
  const onSubmit = setup();
  const input = await typeAndSave(typed);
  await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  expect(onSubmit.mock.calls[0][0]).toEqual(expect.objectContaining({ price: saved }));
  expect(input.value).toBe(shown);
});

test.each(['29,999', 'abc', '1.299,90'])('"%s" is refused with a Bulgarian error and not saved', async (typed) => {
  const onSubmit = setup();
  await typeAndSave(typed);
  expect(await screen.findByText(FORM.invalidMoney)).toBeInTheDocument();
  expect(onSubmit).not.toHaveBeenCalled();
});

test('shows a stored amount Bulgarian style with the currency beside it', async () => {
  setup({ price: 24.9 });
  expect(((await screen.findByLabelText('Цена')) as HTMLInputElement).value).toBe('24,90');
  expect(screen.getByText('лв.')).toBeInTheDocument();
});
