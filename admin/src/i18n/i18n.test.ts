import englishMessages from 'ra-language-english';
import { ADMIN_EN } from '@domain/messages';
import { ORDER_STATUS_LABELS } from '@domain/orderStatus';
import { i18nProvider } from '../i18nProvider';
import { bg } from './bg';
import { en } from './en';

/** Every key path of a nested catalogue, sorted. */
function keys(obj: unknown, prefix = ''): string[] {
  if (obj === null || typeof obj !== 'object') return [prefix];
  return Object.entries(obj as Record<string, unknown>)
    .flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    .sort();
}

test("the Bulgarian catalogue has every key of react-admin's English one, and no other", () => {
  expect(keys(bg.ra)).toEqual(keys(englishMessages.ra));
});

test('no Bulgarian react-admin text is left in English', () => {
  const en = new Map(keys(englishMessages.ra).map((k) => [k, k.split('.').reduce<any>((o, p) => o[p], englishMessages.ra)]));
  const same = keys(bg.ra).filter((k) => {
    const v = k.split('.').reduce<any>((o, p) => o[p], bg.ra);
    // Texts made only of placeholders ('%{name} %{recordRepresentation}') read the same in any language.
    return typeof v === 'string' && /\p{L}/u.test(v.replace(/%\{\w+\}/g, '')) && v === en.get(k);
  });
  expect(same).toEqual([]);
});

test('the app keys are the same in both languages', () => {
  expect(keys(en.app)).toEqual(keys(bg.app));
  expect(keys(en.resources).every((k) => keys(bg.resources).includes(k))).toBe(true);
});

test('the fixed texts: English toasts from ADMIN_EN, Bulgarian by default', () => {
  expect(i18nProvider.getLocale()).toBe('bg');
  expect(i18nProvider.translate('app.orders.updated')).toBe('Поръчката е актуализирана успешно.');
  expect(i18nProvider.translate('app.notifications.title')).toBe('Нотификации');
  expect(i18nProvider.translate('app.notifications.empty')).toBe('Няма нотификации');
  expect(i18nProvider.translate('app.products.statusUpdated', { status: 'Активен' })).toBe('Статусът на продукта е променен на Активен.');
  expect(i18nProvider.translate('app.orderStatus.pending')).toBe(ORDER_STATUS_LABELS.pending);
  expect((en.app as any).orders.updated).toBe(ADMIN_EN.orderUpdated);
  expect((en.app as any).orders.updateFailed).toBe('Failed to update the order.');
  expect((en.app as any).products.statusUpdated).toBe('Product status updated to %{status}.');
});
