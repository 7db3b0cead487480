import { safeNextPath } from './safeNext';

describe('safeNextPath', () => {
  it.each([
    ['/admin/orders/5?tab=1', '/admin/orders/5?tab=1'],
    ['/admin/orders?filter=%7B%7D', '/admin/orders?filter=%7B%7D'],
    ['/account', '/account'],
    ['/products/twins#reviews', '/products/twins#reviews'],
    ['/shop?q=%D1%82%D1%83%D0%B8%D0%BD%D1%81', '/shop?q=%D1%82%D1%83%D0%B8%D0%BD%D1%81'],
    ['/a/../account', '/account'],
  ])('keeps the path %s', (raw, kept) => {
    expect(safeNextPath(raw)).toBe(kept);
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    '/.//evil.example',
    '/././/evil.example',
    '/..//evil.example',
    '/%2F%2Fevil.example',
    '/%2f/evil.example',
    '/%5Cevil',
    '/%5C%5Cevil.example',
    'https://evil.example',
    'http://shop.invalid/account',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n//evil.example',
    ' /account',
    'admin',
    '',
    null,
    undefined,
    '/%E0%A4%A',
    '/' + 'a'.repeat(3000),
  ])('refuses %j', (raw) => {
    expect(safeNextPath(raw as string)).toBeNull();
  });
});
