import { isValidEik, isValidBgVatNumber, normaliseTaxNumber } from './bulstat';

describe('ЕИК / BULSTAT check digit', () => {
  it.each([
    '130175000', // Софийска вода АД (first sum's remainder is 10: the second weights decide)
    '121396123', // Български пощи ЕАД
    '831641791',
    '121604974',
    '206123451', // the demo shop's number
    '1213961230006', // a 13-digit branch number
    '1301750000015',
  ])('accepts %s', (n) => expect(isValidEik(n)).toBe(true));

  it.each([
    '130175001', // wrong check digit
    '121396124',
    '12139612', // 8 digits
    '1213961231', // 10 digits
    '1213961230007', // branch with a wrong second check digit
    '12139612A',
    '',
  ])('refuses %s', (n) => expect(isValidEik(n)).toBe(false));
});

describe('VAT number', () => {
  it('is BG and 9 or 10 digits', () => {
    expect(isValidBgVatNumber('BG130175000')).toBe(true);
    expect(isValidBgVatNumber('BG1234567890')).toBe(true);
    expect(isValidBgVatNumber('130175000')).toBe(false);
    expect(isValidBgVatNumber('BG12345678')).toBe(false);
    expect(isValidBgVatNumber('DE130175000')).toBe(false);
    expect(normaliseTaxNumber(' bg 130 175 000 ')).toBe('BG130175000');
  });
});
