import { safeNextPath } from './SignIn';

test('next is kept only when it is a path on this site', () => {
  expect(safeNextPath('/admin/orders?filter=%7B%7D')).toBe('/admin/orders?filter=%7B%7D');
  expect(safeNextPath('/account')).toBe('/account');
  for (const bad of ['https://evil.example/admin', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'admin', '', null, '/\n/evil']) {
    expect(safeNextPath(bad)).toBeNull();
  }
});
