// The order's lines and its totals.
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { money } from '../common/fields';
import type { OrderRecord } from './orderRecord';

export function ItemsTable() {
  const record = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const f = (name: string) => translate(`resources.orders.fields.${name}`);
  return (
    // A table wider than a phone scrolls here: reachable by keyboard, and named for it.
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={translate('app.orders.items')}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{f('productName')}</TableCell>
            <TableCell align="right">{f('unitPrice')}</TableCell>
            <TableCell align="right">{f('quantity')}</TableCell>
            <TableCell align="right">{f('lineTotal')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(record.items ?? []).map((item, i) => (
            <TableRow key={i}>
              <TableCell>
                <Typography variant="body2">{item.productName}</Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {[item.variantName, ...(item.attributes ?? []).map((a) => `${a.name}: ${a.value}`)].filter(Boolean).join(' · ')}
                </Typography>
                {item.personalization && (
                  <Typography variant="caption" component="div">
                    {translate('app.orders.personalization')}: {item.personalization}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">{money(item.unitPrice, record.currency)}</TableCell>
              <TableCell align="right">{item.quantity}</TableCell>
              <TableCell align="right">{money(item.lineTotal, record.currency)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function Totals() {
  const record = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const f = (name: string) => translate(`resources.orders.fields.${name}`);
  const rows: [string, string, boolean?][] = [
    [f('subtotal'), money(record.subtotal, record.currency)],
    ...(record.discountTotal
      ? [
          [
            `${f('discountTotal')}${record.discountCode ? ` (${record.discountCode})` : ''}`,
            `−${money(record.discountTotal, record.currency)}`,
          ] as [string, string],
        ]
      : []),
    [f('shippingTotal'), money(record.shippingTotal, record.currency)],
    [f('total'), money(record.total, record.currency), true],
  ];
  return (
    <Table size="small" sx={{ maxWidth: 360, ml: 'auto' }}>
      <TableBody>
        {rows.map(([label, value, bold]) => (
          <TableRow key={label}>
            <TableCell sx={{ fontWeight: bold ? 700 : undefined, borderBottom: 'none' }}>{label}</TableCell>
            <TableCell align="right" sx={{ fontWeight: bold ? 700 : undefined, borderBottom: 'none' }}>
              {value}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
