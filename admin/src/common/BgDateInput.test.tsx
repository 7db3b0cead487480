// Dates typed by staff read Bulgarian whatever the browser's language: "31.12.2026" and "1.2.2026"
// are saved as the days the API expects, an impossible day (29.02.2026) is refused in Bulgarian
// and not saved, a stored day shows as dd.mm.yyyy, and with a time the Sofia wall clock is kept.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider, SimpleForm } from 'react-admin';
import { renderAdmin } from '../test/renderAdmin';
import { BgDateInput, BgDateTimeInput, BgMonthInput } from './BgDateInput';
import { FORM } from '@domain/messages';
import { parseBgDate, parseBgMonth } from '@domain/dateInput';

function setup(record: Record<string, unknown> = { day: null }, kind: 'date' | 'dateTime' | 'month' = 'date') {
  const onSubmit = jest.fn();
  renderAdmin(
    <ResourceContextProvider value="discounts">
      <SimpleForm record={record} onSubmit={onSubmit}>
        {kind === 'dateTime' ? (
          <BgDateTimeInput source="startsAt" label="Начало" />
        ) : kind === 'month' ? (
          <BgMonthInput source="month" label="Месец" />
        ) : (
          <BgDateInput source="day" label="Ден" />
        )}
      </SimpleForm>
    </ResourceContextProvider>,
    { dataProvider: {} },
  );
  return onSubmit;
}

async function typeAndSave(label: string, text: string) {
  const input = (await screen.findByLabelText(label)) as HTMLInputElement;
  await userEvent.clear(input);
  await userEvent.type(input, text);
  await userEvent.click(screen.getByRole('button', { name: /Запази|Save/ }));
  return input;
}

test.each([
  ['31.12.2026', '2026-12-31', '31.12.2026'],
  ['1.2.2026', '2026-02-01', '01.02.2026'],
  ['29.02.2028', '2028-02-29', '29.02.2028'],
])('"%s" is saved as %s and shown as %s', async (typed, saved, shown) => {
  const onSubmit = setup();
  const input = await typeAndSave('Ден', typed);
  await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  expect(onSubmit.mock.calls[0][0]).toEqual(expect.objectContaining({ day: saved }));
  expect(input.value).toBe(shown);
});

test.each(['29.02.2026', '31.04.2026', '12/31/2026', '2026', 'утре'])(
  '"%s" is refused with a Bulgarian error and not saved',
  async (typed) => {
    const onSubmit = setup();
    const input = await typeAndSave('Ден', typed);
    expect(await screen.findByText(FORM.invalidDate)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.value).toBe(typed);
    expect(onSubmit).not.toHaveBeenCalled();
  },
);

test('shows a stored day as dd.mm.yyyy with the format as its placeholder, and clearing saves nothing', async () => {
  const onSubmit = setup({ day: '2026-03-05' });
  const input = (await screen.findByLabelText('Ден')) as HTMLInputElement;
  expect(input.value).toBe('05.03.2026');
  expect(input).toHaveAttribute('placeholder', 'дд.мм.гггг');
  expect(input).toHaveAttribute('type', 'text');
  expect(screen.getByRole('button', { name: 'Избор от календар' })).toBeInTheDocument();
  await userEvent.clear(input);
  await userEvent.click(screen.getByRole('button', { name: /Запази|Save/ }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  expect(onSubmit.mock.calls[0][0].day).toBeNull();
});

test('with a time: "31.12.2026 18:30" is saved as that moment in Sofia and shown back the same', async () => {
  const onSubmit = setup({ startsAt: '2026-07-01T06:15:00.000Z' }, 'dateTime');
  const input = (await screen.findByLabelText('Начало')) as HTMLInputElement;
  expect(input.value).toBe('01.07.2026 09:15');
  await typeAndSave('Начало', '31.12.2026 18:30');
  await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  expect(onSubmit.mock.calls[0][0].startsAt).toBe('2026-12-31T16:30:00.000Z');
});

test('with a time: an impossible hour is refused in Bulgarian', async () => {
  const onSubmit = setup({ startsAt: null }, 'dateTime');
  await typeAndSave('Начало', '31.12.2026 25:10');
  expect(await screen.findByText(FORM.invalidDateTime)).toBeInTheDocument();
  expect(onSubmit).not.toHaveBeenCalled();
});

test('a month: "3.2026" is saved as 2026-03 and shown as 03.2026; 13.2026 is refused in Bulgarian', async () => {
  const onSubmit = setup({ month: '2026-11' }, 'month');
  const input = (await screen.findByLabelText('Месец')) as HTMLInputElement;
  expect(input.value).toBe('11.2026');
  await typeAndSave('Месец', '3.2026');
  await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  expect(onSubmit.mock.calls[0][0].month).toBe('2026-03');
  expect(input.value).toBe('03.2026');
  onSubmit.mockClear();
  await typeAndSave('Месец', '13.2026');
  expect(await screen.findByText(FORM.invalidMonth)).toBeInTheDocument();
  expect(onSubmit).not.toHaveBeenCalled();
  expect(parseBgMonth('2026-11')).toBe('2026-11');
  expect(parseBgMonth('0.2026')).toBeNull();
});

test('the rule itself: leap years, month lengths, separators', () => {
  expect(parseBgDate('29.02.2024')).toBe('2024-02-29');
  expect(parseBgDate('29.02.2026')).toBeNull();
  expect(parseBgDate('31.06.2026')).toBeNull();
  expect(parseBgDate('0.1.2026')).toBeNull();
  expect(parseBgDate('31/12/2026')).toBe('2026-12-31');
  expect(parseBgDate('2026-12-31')).toBe('2026-12-31');
  expect(parseBgDate('31.12.2026 г.')).toBe('2026-12-31');
});
