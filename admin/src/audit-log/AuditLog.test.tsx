import { screen } from '@testing-library/react';
import { renderAdmin } from '../test/renderAdmin';
import { AuditWhat, plainIp } from './index';

test('the audit log speaks Bulgarian: "Поръчка №91 — промяна", addresses without ::ffff:', async () => {
  renderAdmin(<AuditWhat record={{ entity: 'orders', entityId: '91', action: 'update' }} />, { dataProvider: {} });
  expect(await screen.findByText('Поръчка №91 — промяна')).toBeInTheDocument();
  expect(plainIp('::ffff:127.0.0.1')).toBe('127.0.0.1');
  expect(plainIp('2001:db8::1')).toBe('2001:db8::1');
});
