// Who ordered and where it goes.
import { Box, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { ApiOrder } from '@domain/api';
import { TRADE_ORDER_TEXT } from '@domain/tradeOrderTexts';
import type { OrderRecord } from './orderRecord';

export function CustomerCard() {
  const record = useRecordContext<OrderRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const c: Partial<ApiOrder['customer']> = record.customer ?? {};
  const s: Partial<ApiOrder['shipping']> = record.shipping ?? {};
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.orders.customer')}
        </Typography>
        <Typography>{[c.firstName, c.lastName].filter(Boolean).join(' ')}</Typography>
        <Typography variant="body2">{c.email}</Typography>
        <Typography variant="body2">{c.phone}</Typography>
        {record.purchaseOrderNumber && (
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="purchase-order">
            {TRADE_ORDER_TEXT.purchaseOrderOnInvoice(record.purchaseOrderNumber)}
          </Typography>
        )}
      </Box>
      <Box>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.orders.delivery')}
        </Typography>
        <Typography>{s.method ? translate(`app.shippingMethod.${s.method}`, { _: s.method }) : ''}</Typography>
        {record.companyShopName && (
          <Typography variant="body2" data-testid="delivery-shop">
            {TRADE_ORDER_TEXT.deliveryToShop(record.companyShopName)}
          </Typography>
        )}
        <Typography variant="body2">{[s.postcode, s.city].filter(Boolean).join(' ')}</Typography>
        <Typography variant="body2">{s.address}</Typography>
      </Box>
    </Box>
  );
}
