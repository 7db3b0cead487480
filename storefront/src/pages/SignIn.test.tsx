import { safeNextPath } from './SignIn';

test('next is kept only when it is a path on this site', () => {
  expect(safeNextPath('/admin/orders?filter=%7B%7D')).toBe('/admin/orders?filter=%7B%7D');
  expect(safeNextPath('/account')).toBe('/account');
  for (const bad of [
    'https://evil.example/admin',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    'admin',
    '',
    null,
    '/\n/evil',
  ]) {
    expect(safeNextPath(bad)).toBeNull();
  }
});

test('next refuses what a browser reads as another origin once resolved or decoded', () => {
  for (const bad of ['/.//evil.example', '/%2F%2Fevil.example', '/%5Cevil', '/\t/evil.example']) expect(safeNextPath(bad)).toBeNull();
});
