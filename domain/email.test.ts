import { normalizeEmailKey } from './email';

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
