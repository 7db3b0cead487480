// The panel for keyboard and screen-reader users: status colours at 4.5:1 in both
// themes, named row checkboxes and record links in lists, an h1 per page, focus after an action
// that removes its button.
import { act, screen, waitFor, within } from '@testing-library/react';
import { createTheme, getContrastRatio } from '@mui/material/styles';
import { Datagrid, List, TextField, Title, type RaThemeOptions } from 'react-admin';
import { renderAdmin } from '../test/renderAdmin';
import { darkTheme, lightTheme } from './themes';
import { PageHeading } from './Layout';
import { RecordLinkField } from '../common/fields';
import { keepFocusAfter } from '../common/focus';

const AA = 4.5;

describe.each([
  ['light', lightTheme],
  ['dark', darkTheme],
])('the %s theme', (_, options) => {
  const theme = createTheme(options as any);
  const papers = [theme.palette.background.default, theme.palette.background.paper];

  it.each(['error', 'warning', 'info', 'success', 'primary'] as const)(
    "%s: a chip's text on its colour, and the colour as text on the page and on cards, at ≥ 4.5:1",
    (name) => {
      const c = theme.palette[name];
      expect(getContrastRatio(c.contrastText, c.main)).toBeGreaterThanOrEqual(AA);
      for (const bg of papers) expect(getContrastRatio(c.main, bg)).toBeGreaterThanOrEqual(AA);
    },
  );
});

const orders = [
  { id: 7, number: 'VS-10007' },
  { id: 8, number: 'VS-10008' },
];
const dataProvider = {
  getList: async () => ({ data: orders, total: orders.length }),
  getOne: async () => ({ data: orders[0] }),
  getMany: async () => ({ data: orders }),
};

function OrdersGrid() {
  return (
    <List resource="orders" disableSyncWithLocation>
      <Datagrid rowClick="edit">
        <RecordLinkField source="number" />
        <TextField source="id" />
      </Datagrid>
    </List>
  );
}

it("a list's row checkboxes carry their name on the input (not on the wrapping span), and each record is a link", async () => {
  renderAdmin(<OrdersGrid />, { dataProvider, path: '/admin/orders', theme: lightTheme as RaThemeOptions });
  const link = await screen.findByRole('link', { name: 'VS-10007' });
  expect(link).toHaveAttribute('href', '/admin/orders/7');
  const row = link.closest('tr')!;
  const box = within(row).getByRole('checkbox', { name: 'Избери този ред' });
  expect(box.tagName).toBe('INPUT');
  expect(row.querySelector('span[aria-label]')).toBeNull();
  expect(screen.getByRole('checkbox', { name: 'Избери всички' }).tagName).toBe('INPUT');
});

it("the page's title is its h1, in the content", async () => {
  renderAdmin(
    <>
      <PageHeading />
      <Title title="Поръчки" />
    </>,
    { dataProvider },
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'Поръчки' })).toBeInTheDocument();
});

describe('focus after an action', () => {
  afterEach(() => {
    jest.useRealTimers();
    document.body.innerHTML = '';
  });

  function page() {
    document.body.innerHTML =
      '<h1 id="react-admin-title" tabindex="-1">Поръчка VS-10007</h1><button id="confirm">Потвърдена</button><button id="cancel">Отказана</button>';
    return {
      heading: document.getElementById('react-admin-title')!,
      confirm: document.getElementById('confirm') as HTMLButtonElement,
      cancel: document.getElementById('cancel') as HTMLButtonElement,
    };
  }

  it("goes to the page's heading when the button that had it is removed", () => {
    jest.useFakeTimers();
    const { heading, confirm } = page();
    confirm.focus();
    keepFocusAfter(confirm);
    confirm.remove();
    act(() => jest.advanceTimersByTime(100));
    expect(document.activeElement).toBe(heading);
  });

  it('goes back to the button when it is still there (a dialog closed over it)', () => {
    jest.useFakeTimers();
    const { cancel } = page();
    keepFocusAfter(cancel);
    (document.activeElement as HTMLElement | null)?.blur();
    act(() => jest.advanceTimersByTime(100));
    expect(document.activeElement).toBe(cancel);
  });

  it('leaves it where the person put it', async () => {
    const { confirm, cancel } = page();
    keepFocusAfter(confirm);
    cancel.focus();
    await waitFor(() => expect(document.activeElement).toBe(cancel));
  });
});
