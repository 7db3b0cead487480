import { nameProblem } from './names';

const texts = { link: 'link', control: 'control' };

describe('nameProblem', () => {
  it.each([
    'Мария',
    'Иванова-Петрова',
    'Д.Петров',
    'J.R.R. Tolkien',
    "O'Brien",
    'Анна Мария',
    'Иван (баща)',
    'Ст. Загора',
    'Co.',
    'Петров.',
  ])('accepts %s', (name) => {
    expect(nameProblem(name, texts)).toBeUndefined();
  });

  it.each([
    'http://evil.example',
    'Иван https://evil.example/x',
    'HTTPS://EVIL',
    'www.evil.example',
    'Иван WWW.evil',
    'evil.example/vhod',
    'Иван evil.com',
    'печалба.bg',
    'bit.ly',
    'ftp://x',
    'x.co',
  ])('refuses the link in %s', (name) => {
    expect(nameProblem(name, texts)).toBe('link');
  });

  it.each([
    'Иван\u0000',
    'Иван\u001b[31m',
    'Иван\tПетров',
    'Иван\u0085',
    'Иван\u202eнавъв',
    'Иван\u2066x\u2069',
    '\u202aИван',
    'Иван\u200f',
  ])('refuses the control character in %j', (name) => {
    expect(nameProblem(name, texts)).toBe('control');
  });
});
