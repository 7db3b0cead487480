import { bulgarianCsv, csvCell } from './csv';

describe('a CSV cell', () => {
  it('keeps identifiers that look like numbers as text (after a tab)', () => {
    expect(csvCell('0888123456', 'identifier')).toBe('\t0888123456');
    expect(csvCell('+359888123456', 'identifier')).toBe('\t+359888123456');
    expect(csvCell('0000000001', 'identifier')).toBe('\t0000000001');
    expect(csvCell('1234567890123', 'identifier')).toBe('\t1234567890123');
    expect(csvCell('BG130175000', 'identifier')).toBe('BG130175000');
    expect(csvCell('VS-10001', 'identifier')).toBe('VS-10001');
    expect(csvCell(null, 'identifier')).toBe('');
  });

  it('escapes text that would run as a formula', () => {
    for (const danger of ['=1+1', '=HYPERLINK("http://x")', '+1+1', '-1+1', '@A1', '\t=1', '\r=1'])
      expect(csvCell(danger)).toBe(`'${danger}`);
    expect(csvCell('Иван = Петров')).toBe('Иван = Петров');
    expect(csvCell(undefined)).toBe('');
  });

  it('leaves the numbers the shop writes as numbers, and escapes anything else in a number column', () => {
    expect(csvCell('-12,34', 'number')).toBe('-12,34');
    expect(csvCell(7, 'number')).toBe('7');
    expect(csvCell('-1+1', 'number')).toBe("'-1+1");
  });
});

it('writes the file for Bulgarian Excel: BOM, ";", CRLF, quotes where needed', () => {
  const csv = bulgarianCsv(
    [{ header: 'Име' }, { header: 'Телефон', kind: 'identifier' }, { header: 'Сума', kind: 'number' }],
    [
      ['Мария "Мими"; Иванова', '0888123456', '12,50'],
      ['=1+1', null, '-3,00'],
    ],
  );
  expect(csv).toBe('\uFEFFИме;Телефон;Сума\r\n"Мария ""Мими""; Иванова";"\t0888123456";12,50\r\n\'=1+1;;-3,00\r\n');
});
