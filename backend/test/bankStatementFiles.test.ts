// Bank statement files read into bookings: CAMT.053 and MT940 alike, each booking's identity kept
// across overlapping statements, leva only before the euro, and every file that is not a statement
// refused with a Bulgarian 400 (413 for the size), never a 500.
import iconv from 'iconv-lite';
import { parseBankStatement, type BankStatementLine } from '../src/modules/payments/bankStatementFiles';
import { BANK_STATEMENT_LINES_MAX, BANK_STATEMENT_MAX_BYTES, BANK_STATEMENT_TEXT as TEXT } from '@domain/bankStatements';
import { camt053File, mt940File, type BankFile, type BankFileLine } from './bankFiles';

const IBAN = 'BG80BNBG96611020345678';
const PAYER_IBAN = 'BG18RZBB91550123456789';

const paid: BankFileLine = {
  bookedOn: '2025-11-14',
  amount: 150_29,
  reference: 'Плащане по поръчка 100045 от 12.11.2025 г.',
  payerName: 'ИВАН ПЕТРОВ ГЕОРГИЕВ',
  payerIban: PAYER_IBAN,
  bankReference: 'FT25318K7QX2',
};
const fee: BankFileLine = {
  bookedOn: '2025-11-15',
  amount: 3_50,
  direction: 'debit',
  reference: 'Такса превод',
  payerName: 'УНИКРЕДИТ БУЛБАНК',
  payerIban: 'BG07UNCR70001520000000',
  bankReference: 'FEE251115',
};
const later: BankFileLine = {
  bookedOn: '2025-11-16',
  amount: 42_00,
  reference: 'Поръчка 100051',
  payerName: 'Мария Стоянова',
  payerIban: 'BG27STSA93000012345678',
  bankReference: 'FT25320M1AB4',
};

const statement = (lines: BankFileLine[], more: Partial<BankFile> = {}): BankFile => ({
  iban: IBAN,
  statementId: '00318',
  lines,
  ...more,
});
const formats = [
  ['CAMT.053', camt053File],
  ['MT940', mt940File],
] as const;
const hashes = (lines: BankStatementLine[]) => lines.map((l) => l.lineHash);

/** The refusal a file gets, as the HTTP answer would carry it. */
async function refusal(file: Buffer) {
  try {
    await parseBankStatement(file);
  } catch (err: any) {
    return { status: err.status, message: err.message, errors: err.errors };
  }
  throw new Error('the file was read');
}
const refused = (status: number, message: string) => ({ status, message, errors: { file: message } });

describe('parseBankStatement', () => {
  it('reads a CAMT.053 and an MT940 of the same bookings into the same lines', async () => {
    const camt = await parseBankStatement(camt053File(statement([paid, fee])), 'izvlechenie.xml');
    const mt940 = await parseBankStatement(mt940File(statement([paid, fee])), 'izvlechenie.sta');

    expect(camt).toMatchObject({ format: 'camt053', accountIban: IBAN, statementId: '00318' });
    expect(mt940).toMatchObject({ format: 'mt940', accountIban: IBAN, statementId: '00318/1' });
    expect(camt.lines[0]).toEqual({
      lineHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      bookedOn: '2025-11-14',
      direction: 'credit',
      amount: 150_29,
      currency: 'EUR',
      amountEur: 150_29,
      reference: 'Плащане по поръчка 100045 от 12.11.2025 г.',
      payerName: 'ИВАН ПЕТРОВ ГЕОРГИЕВ',
      payerIban: PAYER_IBAN,
      bankReference: 'FT25318K7QX2',
    });
    expect(mt940.lines).toEqual(camt.lines);
  });

  it('marks debits, without a payer', async () => {
    for (const [, write] of formats) {
      const { lines } = await parseBankStatement(write(statement([paid, fee])));
      expect(lines[1]).toMatchObject({
        direction: 'debit',
        amount: 3_50,
        amountEur: 3_50,
        reference: 'Такса превод',
        payerName: '',
        payerIban: '',
        bankReference: 'FEE251115',
      });
    }
  });

  it.each(formats)('gives a booking the same lineHash when a later, overlapping %s statement has it again', async (_name, write) => {
    const first = await parseBankStatement(write(statement([paid, fee])));
    const second = await parseBankStatement(write(statement([fee, later], { statementId: '00319' })));
    expect(second.lines[0].lineHash).toBe(first.lines[1].lineHash);
    expect(new Set([...hashes(first.lines), ...hashes(second.lines)]).size).toBe(3);
  });

  it.each(formats)('tells two identical bookings in one %s file apart, the same way in every file', async (_name, write) => {
    const twice = await parseBankStatement(write(statement([paid, paid])));
    expect(twice.lines).toHaveLength(2);
    expect(twice.lines[0].lineHash).not.toBe(twice.lines[1].lineHash);
    const again = await parseBankStatement(write(statement([paid, paid, later])));
    expect(hashes(again.lines).slice(0, 2)).toEqual(hashes(twice.lines));
  });

  it.each(formats)('converts leva booked in 2025 to euro cents at the fixed rate (%s)', async (_name, write) => {
    const leva = [
      { ...paid, amount: 27_90, currency: 'BGN' as const },
      { ...later, bookedOn: '2025-12-31', amount: 1955_83, currency: 'BGN' as const },
    ];
    const { lines } = await parseBankStatement(write(statement(leva)));
    expect(lines.map((l) => [l.currency, l.amount, l.amountEur])).toEqual([
      ['BGN', 27_90, 14_27],
      ['BGN', 1955_83, 1000_00],
    ]);
  });

  it.each(formats)('refuses a %s file with leva booked from 1 January 2026 on', async (_name, write) => {
    const file = write(statement([{ ...paid, bookedOn: '2026-01-02', currency: 'BGN' }]));
    expect(await refusal(file)).toEqual(refused(400, TEXT.levaAfterEuro('2026-01-02')));
    expect(TEXT.levaAfterEuro('2026-01-02')).toContain('02.01.2026');
  });

  it.each(formats)('refuses a %s file in another currency than euro or leva', async (_name, write) => {
    expect(await refusal(write(statement([{ ...paid, currency: 'USD' }])))).toEqual(refused(400, TEXT.currencyNotAccepted('USD')));
  });

  it('reads a windows-1251 MT940 with Cyrillic', async () => {
    const file = mt940File(statement([paid], { encoding: 'windows-1251' }));
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(file)).toThrow();
    expect(iconv.decode(file, 'win1251')).toContain('ИВАН ПЕТРОВ');
    const { lines } = await parseBankStatement(file);
    expect(lines[0]).toMatchObject({ reference: paid.reference, payerName: paid.payerName, payerIban: PAYER_IBAN });
  });

  it('reads an MT940 whose :86: is plain text', async () => {
    const { lines } = await parseBankStatement(mt940File(statement([paid], { details: 'plain' })));
    expect(lines[0]).toMatchObject({ amount: 150_29, payerName: '', payerIban: '' });
    expect(lines[0].reference).toBe(`${paid.reference} ${paid.payerName} ${PAYER_IBAN}`);
  });

  it('puts an MT940 booking date in the right year across the new year', async () => {
    const { lines } = await parseBankStatement(
      mt940File(
        statement([
          { ...paid, valueDate: '2025-12-31', bookedOn: '2026-01-02' },
          { ...later, valueDate: '2026-01-02', bookedOn: '2025-12-31' },
        ]),
      ),
    );
    expect(lines.map((l) => l.bookedOn)).toEqual(['2026-01-02', '2025-12-31']);
  });

  it('keeps CAMT.053 references that look like numbers as the bank wrote them, and leaves out pending entries', async () => {
    const file = camt053File(
      statement([{ ...paid, reference: '000100045', bankReference: '12345678901234567890123' }, later], { statementId: '000123' }),
    )
      .toString('utf8')
      .replace(/<Sts>BOOK<\/Sts>(?![\s\S]*<Sts>BOOK<\/Sts>)/, '<Sts>PDNG</Sts>');
    const parsed = await parseBankStatement(Buffer.from(file));
    expect(parsed.statementId).toBe('000123');
    expect(parsed.lines).toHaveLength(1);
    expect(parsed.lines[0]).toMatchObject({ reference: '000100045', bankReference: '12345678901234567890123' });
  });

  describe('refuses what is not a readable statement', () => {
    const camt = camt053File(statement([paid, fee, later])).toString('utf8');
    const mt940 = mt940File(statement([paid, fee, later])).toString('utf8');
    const pdf = Buffer.from(
      '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
      'latin1',
    );
    let seed = 7;
    const noise = Buffer.from(Array.from({ length: 4096 }, () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 256));

    it.each([
      ['an empty file', Buffer.alloc(0), TEXT.empty],
      ['a file of blank lines', Buffer.from('\r\n  \r\n'), TEXT.empty],
      ['a PDF', pdf, TEXT.notStatement],
      ['random bytes', noise, TEXT.notStatement],
      ['other XML', Buffer.from('<?xml version="1.0"?><Document><CstmrCdtTrfInitn/></Document>'), TEXT.notStatement],
      ['a cut-off CAMT.053', Buffer.from(camt.slice(0, camt.length / 2)), TEXT.camtBroken],
      ['a CAMT.053 with an entry without its amount', Buffer.from(camt.replace(/<Amt Ccy="EUR">150.29<\/Amt>/, '')), TEXT.camtBroken],
      ['a CAMT.053 booked on a day that does not exist', Buffer.from(camt.replace(/2025-11-14/g, '2025-02-30')), TEXT.camtBroken],
      ['a CAMT.053 booked in a month that does not exist', Buffer.from(camt.replace(/2025-11-14/g, '2025-13-01')), TEXT.camtBroken],
      ['a CAMT.053 with an amount beyond any account', Buffer.from(camt.replace('>150.29<', `>${'9'.repeat(400)}<`)), TEXT.camtBroken],
      [
        'a CAMT.053 with entity definitions',
        Buffer.from(camt.replace('?>', '?><!DOCTYPE Document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>')),
        TEXT.camtBroken,
      ],
      ['an MT940 whose lines do not add up to its balances', Buffer.from(mt940.replace('C150,29', 'C150,30')), TEXT.mt940Broken],
      ['an MT940 without its closing balance', Buffer.from(mt940.replace(/:62F:.*\r\n/, '')), TEXT.mt940Broken],
    ])('%s: 400', async (_name, file, message) => {
      expect(await refusal(file)).toEqual(refused(400, message));
    });

    it('a file over the size limit: 413', async () => {
      const file = Buffer.concat([Buffer.from(camt), Buffer.alloc(BANK_STATEMENT_MAX_BYTES, ' ')]);
      expect(await refusal(file)).toEqual(refused(413, TEXT.tooLarge));
    });

    it('a statement of more bookings than the limit: 400', async () => {
      const many = Array.from({ length: BANK_STATEMENT_LINES_MAX + 1 }, (_, i) => ({ ...later, amount: 100 + i }));
      expect(await refusal(mt940File(statement(many)))).toEqual(refused(400, TEXT.tooManyLines));
    });

    it('a file with statements of two accounts: 400', async () => {
      const two = mt940 + mt940File(statement([later], { iban: 'BG72UNCR70001522734456' })).toString('utf8');
      expect(await refusal(Buffer.from(two))).toEqual(refused(400, TEXT.severalAccounts));
    });
  });
});
