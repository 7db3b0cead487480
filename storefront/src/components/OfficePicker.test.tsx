// The office picker: the shopper types a city, the courier's offices show as a listbox, the
// arrows move through them and Enter picks one; the picked office can be changed again.
import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../test/fetchMock';
import { OfficePicker } from './OfficePicker';
import type { ApiOffice } from '@domain/couriers';

const OFFICES: ApiOffice[] = [
  { id: 7, courier: 'econt', code: '4000', name: 'Пловдив Център', city: 'Пловдив', address: 'бул. „Руски“ 51' },
  { id: 8, courier: 'econt', code: '4003', name: 'Пловдив Тракия', city: 'Пловдив', address: 'ул. „Съединение“ 2' },
];

function Harness({ onPick }: { onPick(o: ApiOffice | null): void }) {
  const [office, setOffice] = useState<ApiOffice | null>(null);
  return (
    <OfficePicker
      courier="econt"
      value={office}
      onChange={(o) => {
        setOffice(o);
        onPick(o);
      }}
      id="office"
    />
  );
}

it('searches the courier’s offices and picks one with the keyboard', async () => {
  const { calls } = mockFetch({ 'GET /api/couriers/offices': { body: { offices: OFFICES, demo: false } } });
  const picked: Array<ApiOffice | null> = [];
  render(<Harness onPick={(o) => picked.push(o)} />);
  const box = screen.getByRole('combobox', { name: /Офис на Еконт/ });
  await userEvent.type(box, 'плов');
  const options = await screen.findAllByRole('option');
  expect(options.map((o) => o.textContent)).toEqual([
    'Пловдив · Пловдив Центърбул. „Руски“ 51',
    'Пловдив · Пловдив Тракияул. „Съединение“ 2',
  ]);
  await waitFor(() =>
    expect(calls.some((c) => c.url.includes('courier=econt') && c.url.includes(`q=${encodeURIComponent('плов')}`))).toBe(true),
  );
  expect(box).toHaveAttribute('aria-expanded', 'true');
  expect(options[0]).toHaveAttribute('aria-selected', 'true');

  await userEvent.keyboard('{ArrowDown}');
  expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
  expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1].id);
  await userEvent.keyboard('{Enter}');

  expect(picked).toEqual([OFFICES[1]]);
  expect(screen.getByText('Пловдив Тракия')).toBeInTheDocument();
  expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  // The focused field went with the pick: focus is on the chosen office's button.
  expect(screen.getByRole('button', { name: 'Избери друг офис' })).toHaveFocus();

  await userEvent.click(screen.getByRole('button', { name: 'Избери друг офис' }));
  expect(picked.at(-1)).toBeNull();
  expect(screen.getByRole('combobox')).toBeInTheDocument();
  // …and back on the search field when the choice is undone.
  expect(screen.getByRole('combobox')).toHaveFocus();
});

it('says when no office matches and shows the error it is given', async () => {
  mockFetch({ 'GET /api/couriers/offices': { body: { offices: [], demo: true } } });
  render(<OfficePicker courier="speedy" value={null} onChange={() => undefined} error="Посочете офис за доставка." />);
  await userEvent.type(screen.getByRole('combobox', { name: /Офис на Спиди/ }), 'xyz');
  expect(await screen.findByText(/Няма офис, който да отговаря/)).toBeInTheDocument();
  expect(screen.getByText('Посочете офис за доставка.')).toBeInTheDocument();
  expect(screen.getByRole('combobox')).toHaveAttribute('aria-invalid', 'true');
});

it('says the directory is being filled while the server asks the courier, and shows the offices once it has them', async () => {
  let filled = false;
  const { calls } = mockFetch({
    'GET /api/couriers/offices': () => ({ body: filled ? { offices: OFFICES, demo: false } : { offices: [], demo: false, syncing: true } }),
  });
  render(<OfficePicker courier="econt" value={null} onChange={() => undefined} />);
  await userEvent.type(screen.getByRole('combobox', { name: /Офис на Еконт/ }), 'соф');
  expect(await screen.findByText('Указателят на офисите се зарежда от куриера. Опитайте отново след малко.')).toBeInTheDocument();
  const asked = calls.length;
  filled = true;
  // Asked again by itself, without more typing.
  expect(await screen.findByText(OFFICES[0].address, {}, { timeout: 4000 })).toBeInTheDocument();
  expect(calls.length).toBeGreaterThan(asked);
});
