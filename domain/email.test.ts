import { isEmailAddress, normalizeEmailKey } from './email';

describe('normalizeEmailKey', () => {
  it.each([
    ['maria@example.bg', 'maria@example.bg'],
    ['  Maria@Example.BG  ', 'maria@example.bg'],
    ['maria+2@example.bg', 'maria@example.bg'],
    ['maria+promo+x@example.bg', 'maria@example.bg'],
    ['maria@example.bg.', 'maria@example.bg'],
    ['maria+2@Example.bg.', 'maria@example.bg'],
    // Dots count everywhere but Gmail
    ['ma.ria@example.bg', 'ma.ria@example.bg'],
    ['ma.ria@gmail.com', 'maria@gmail.com'],
    ['M.a.R.i.A+shop@GMail.com.', 'maria@gmail.com'],
    ['ma.ria@googlemail.com', 'maria@gmail.com'],
    ['maria@googlemail.com', 'maria@gmail.com'],
    // A + at the very start is the name, not a tag
    ['+maria@example.bg', '+maria@example.bg'],
    ['not-an-email', 'not-an-email'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeEmailKey(input)).toBe(expected);
  });
});

describe('isEmailAddress', () => {
  it.each(['maria@example.bg', 'm.a-r+i_a@sub.example.bg', 'мария@пример.бг', 'maria@example.bg.'])(
    'accepts the bare address %s',
    (email) => {
      expect(isEmailAddress(email)).toBe(true);
    },
  );

  it.each([
    'Иван<me@x.bg>',
    '<me@x.bg>',
    '"me"@x.bg',
    'Иван Петров <me@x.bg>',
    'me@x.bg>',
    'me@x',
    'me@.x.bg',
    'me@x..bg',
    'me@@x.bg',
    'me@x.bg,other@y.bg',
    'me;x@y.bg',
    'me\u0000@x.bg',
    'me@x\u202e.bg',
    'me @x.bg',
    `${'a'.repeat(250)}@x.bg`,
  ])('refuses %j', (email) => {
    expect(isEmailAddress(email)).toBe(false);
  });

  it('refuses the megabyte forms at once, whatever their shape', () => {
    for (const email of ['a@' + '.'.repeat(1_000_000) + '@', 'a@' + 'a.'.repeat(500_000) + '@', 'a'.repeat(1_000_000) + '@x'])
      expect(isEmailAddress(email)).toBe(false);
  });
});

describe('normalizeEmailKey of the forms a mailer also delivers', () => {
  it.each([
    ['Иван<Me@X.bg>', 'me@x.bg'],
    ['<me@x.bg>', 'me@x.bg'],
    ['"me"@x.bg', 'me@x.bg'],
    ['Иван <me+1@gmail.com>', 'me@gmail.com'],
  ])('%s → %s', (input, key) => {
    expect(normalizeEmailKey(input)).toBe(key);
  });
});
