// Exports opened as the accountant opens them: LibreOffice Calc imports each CSV with
// the Bulgarian settings (`;`, `"`, UTF-8, from row 1) and its other import defaults, with
// formulas evaluated (the command line's default) and not (the import dialog's default); the
// cells must keep the phone's leading 0, the invoice number's zeros, the waybill's 13 digits, and
// show `=1+1` in a name as text. Skipped where `soffice` is not installed (CI installs it).
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { bulgarianCsv } from '@domain/csv';
import { SALES_LEDGER_COLUMNS, salesLedgerRows } from '@domain/salesLedger';

const hasCalc = spawnSync('soffice', ['--version'], { encoding: 'utf8' }).status === 0;
const maybe = hasCalc ? describe : describe.skip;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vapsolo-calc-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * The cells as Calc shows them: import the CSV (filter options: `;` = 59, `"` = 34, UTF-8 = 76,
 * row 1; token 13 = evaluate formulas) and save it as CSV again, every cell quoted as text.
 */
function openInCalc(name: string, csv: string, evaluateFormulas: boolean): string[][] {
  const file = path.join(dir, `${name}.csv`);
  fs.writeFileSync(file, csv);
  const out = path.join(dir, `${name}-${evaluateFormulas}`);
  const infilter = `CSV:59,34,76,1,,1026,false,false,false,false,false,false,${evaluateFormulas}`;
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
      '--headless',
      `--infilter=${infilter}`,
      '--convert-to',
      'csv:Text - txt - csv (StarCalc):59,34,76,1,,1026,true',
      '--outdir',
      out,
      file,
    ],
    { stdio: 'ignore' },
  );
  const text = fs.readFileSync(path.join(out, `${name}.csv`), 'utf8').replace(/^\uFEFF/, '');
  return text
    .split(/\r?\n/)
    .filter(Boolean)
    .map((line) => line.split(';').map((c) => c.replace(/^"|"$/g, '').replace(/""/g, '"')));
}

maybe('CSV exports opened in LibreOffice Calc', () => {
  const list = bulgarianCsv(
    [
      { header: 'Име' },
      { header: 'Телефон', kind: 'identifier' },
      { header: 'Товарителница', kind: 'identifier' },
      { header: 'Град' },
      { header: 'Сума', kind: 'number' },
    ],
    [
      ['=1+1', '0888123456', '1234567890123', '=HYPERLINK("http://evil.example","клик")', '29,90'],
      ['+1+1', '+359888123456', '0000000042', '@A1', '-5,00'],
    ],
  );
  const ledger = bulgarianCsv(
    SALES_LEDGER_COLUMNS,
    salesLedgerRows([
      {
        kind: 'invoice',
        number: '0000000001',
        issueDate: '2026-11-05',
        buyerId: '130175000',
        buyerName: '-1+1 ЕООД',
        goods: 'Стоки',
        taxBase: 1278,
        vat: 256,
        total: 1534,
        currency: 'EUR',
        invoiceNumber: null,
      },
      {
        kind: 'credit_note',
        number: '0000000002',
        issueDate: '2026-11-06',
        buyerId: '130175000',
        buyerName: 'Клиент',
        goods: 'Стоки',
        taxBase: -1278,
        vat: -256,
        total: -1534,
        currency: 'EUR',
        invoiceNumber: '0000000001',
      },
    ]),
  );

  for (const evaluate of [true, false]) {
    it(`keeps identifiers and formula-like text as text (formulas ${evaluate ? '' : 'not '}evaluated)`, () => {
      const [, first, second] = openInCalc('list', list, evaluate);
      expect(first[0].trim()).toMatch(/^'?=1\+1$/);
      expect(first[1].trim()).toBe('0888123456');
      expect(first[2].trim()).toBe('1234567890123');
      expect(first[3]).toContain('=HYPERLINK');
      expect(first[3]).not.toBe('клик');
      // Amounts are numbers (Calc writes the value 29.9 back, not the text „29,90“).
      expect(first[4]).toMatch(/^29[.,]9$/);
      expect(second[0].trim()).toMatch(/^'?\+1\+1$/);
      expect(second[1].trim()).toBe('+359888123456');
      expect(second[2].trim()).toBe('0000000042');
      expect(second[3].trim()).toMatch(/^'?@A1$/);

      const [, invoice, credit] = openInCalc('ledger', ledger, evaluate);
      expect(invoice[1].trim()).toBe('01');
      expect(invoice[2].trim()).toBe('0000000001');
      expect(invoice[4].trim()).toBe('130175000');
      expect(invoice[5].trim()).toMatch(/^'?-1\+1 ЕООД$/);
      expect(credit[1].trim()).toBe('03');
      expect(credit[9]).toMatch(/^-15[.,]34$/);
      expect(credit[11].trim()).toBe('0000000001');
    });
  }
});
