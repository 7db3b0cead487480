import { csvValue, toBulgarianCsv } from './exporter';
import { i18nProvider } from '../i18nProvider';

test('a CSV for Bulgarian Excel: BOM, semicolons, Bulgarian headers, labels, Sofia time, decimal comma', async () => {
  await i18nProvider.changeLocale('bg');
  const csv = toBulgarianCsv('orders', [
    {
      number: 'VS-10001',
      createdAt: csvValue.dateTime('2026-11-23T12:05:00Z'),
      status: csvValue.label('orderStatus', 'pending'),
      paymentMethod: csvValue.label('paymentMethod', 'cod'),
      total: csvValue.money(29.9),
      note: 'Звънец; 2 етаж',
    },
  ]);
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const [header, line] = csv.slice(1).split('\r\n');
  expect(header).toBe('Номер;Дата;Статус;Начин на плащане;Общо;Бележка на клиента');
  expect(line).toBe('VS-10001;23.11.2026 14:05;Нова;Наложен платеж;29,90;"Звънец; 2 етаж"');
});

test('summer time is Sofia time too', () => {
  expect(csvValue.dateTime('2026-07-01T21:30:00Z')).toBe('02.07.2026 00:30');
  expect(csvValue.money(null)).toBe('');
});

test('identifiers stay text and formulas are escaped in every list export', async () => {
  await i18nProvider.changeLocale('bg');
  const csv = toBulgarianCsv(
    'orders',
    [
      {
        number: 'VS-10001',
        customer: '=HYPERLINK("http://x","клик")',
        'customer.phone': '0888123456',
        'shipping.city': '+1+1',
        'shipping.address': '@A1',
        trackingNumber: '1234567890123',
        total: csvValue.money(-5),
      },
    ],
    { number: 'identifier', 'customer.phone': 'identifier', trackingNumber: 'identifier', total: 'number' },
  );
  const [, line] = csv.slice(1).split('\r\n');
  // The formula-looking name after an apostrophe, the phone and the waybill after a tab: text in Excel and Calc.
  expect(line).toBe(`VS-10001;"'=HYPERLINK(""http://x"",""клик"")";"\t0888123456";'+1+1;'@A1;"\t1234567890123";-5,00`);
});
