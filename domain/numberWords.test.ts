import { amountInWords, numberInWords } from './numberWords';

describe('numbers in Bulgarian words', () => {
  it.each([
    [0, 'нула'],
    [1, 'един'],
    [2, 'два'],
    [7, 'седем'],
    [10, 'десет'],
    [11, 'единадесет'],
    [12, 'дванадесет'],
    [19, 'деветнадесет'],
    [20, 'двадесет'],
    [21, 'двадесет и един'],
    [22, 'двадесет и два'],
    [99, 'деветдесет и девет'],
    [100, 'сто'],
    [101, 'сто и един'],
    [110, 'сто и десет'],
    [115, 'сто и петнадесет'],
    [120, 'сто и двадесет'],
    [121, 'сто двадесет и един'],
    [200, 'двеста'],
    [300, 'триста'],
    [400, 'четиристотин'],
    [999, 'деветстотин деветдесет и девет'],
  ])('%i → %s (masculine)', (n, words) => expect(numberInWords(n, 'masculine')).toBe(words));

  it('gives one and two the gender of what they count', () => {
    expect(numberInWords(1, 'feminine')).toBe('една');
    expect(numberInWords(1, 'neuter')).toBe('едно');
    expect(numberInWords(2, 'feminine')).toBe('две');
    expect(numberInWords(2, 'neuter')).toBe('две');
    expect(numberInWords(21, 'neuter')).toBe('двадесет и едно');
    expect(numberInWords(32, 'masculine')).toBe('тридесет и два');
    expect(numberInWords(12, 'neuter')).toBe('дванадесет');
  });

  it.each([
    [1000, 'хиляда'],
    [1001, 'хиляда и едно'],
    [1010, 'хиляда и десет'],
    [1100, 'хиляда и сто'],
    [1120, 'хиляда сто и двадесет'],
    [1200, 'хиляда и двеста'],
    [1999, 'хиляда деветстотин деветдесет и девет'],
    [2000, 'две хиляди'],
    [2001, 'две хиляди и едно'],
    [2021, 'две хиляди двадесет и едно'],
    [2500, 'две хиляди и петстотин'],
    [11000, 'единадесет хиляди'],
    [21000, 'двадесет и една хиляди'],
    [22000, 'двадесет и две хиляди'],
    [100000, 'сто хиляди'],
    [101000, 'сто и една хиляди'],
    [123456, 'сто двадесет и три хиляди четиристотин петдесет и шест'],
  ])('thousands: %i → %s (neuter)', (n, words) => expect(numberInWords(n, 'neuter')).toBe(words));

  it.each([
    [1_000_000, 'един милион'],
    [2_000_000, 'два милиона'],
    [1_000_200, 'един милион и двеста'],
    [1_002_000, 'един милион и две хиляди'],
    [1_500_000, 'един милион и петстотин хиляди'],
    [1_520_000, 'един милион петстотин и двадесет хиляди'],
    [2_100_100, 'два милиона сто хиляди и сто'],
    [21_000_000, 'двадесет и един милиона'],
    [1_000_000_000, 'един милиард'],
    [3_000_001_001, 'три милиарда хиляда и едно'],
  ])('millions: %i → %s (neuter)', (n, words) => expect(numberInWords(n, 'neuter')).toBe(words));

  it('refuses what it cannot say', () => {
    expect(() => numberInWords(-1)).toThrow(RangeError);
    expect(() => numberInWords(1.5)).toThrow(RangeError);
    expect(() => numberInWords(1e12)).toThrow(RangeError);
  });
});

describe('amounts in words', () => {
  it('says euro (neuter, unchanging) and cents in two digits', () => {
    expect(amountInWords(12345, 'EUR')).toBe('сто двадесет и три евро и 45 цента');
    expect(amountInWords(100, 'EUR')).toBe('едно евро и 00 цента');
    expect(amountInWords(201, 'EUR')).toBe('две евро и 01 цент');
    expect(amountInWords(2105, 'EUR')).toBe('двадесет и едно евро и 05 цента');
    expect(amountInWords(100000, 'EUR')).toBe('хиляда евро и 00 цента');
    expect(amountInWords(5, 'EUR')).toBe('нула евро и 05 цента');
  });

  it('says leva (masculine) and stotinki', () => {
    expect(amountInWords(100, 'BGN')).toBe('един лев и 00 стотинки');
    expect(amountInWords(201, 'BGN')).toBe('два лева и 01 стотинка');
    expect(amountInWords(2199, 'BGN')).toBe('двадесет и един лева и 99 стотинки');
    expect(amountInWords(200000, 'BGN')).toBe('две хиляди лева и 00 стотинки');
  });

  it('reads a credit as minus', () => {
    expect(amountInWords(-1725, 'EUR')).toBe('минус седемнадесет евро и 25 цента');
  });
});
