// The order's page inside its <Edit>: customer, delivery, items and totals and the history on the
// left; on the right one form with the moves, the waybill, the packing slip, the tracking number
// and note, the payment and the invoices.
import { Alert, Box, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { Form, Labeled, SaveButton, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { dateTime, StatusChip } from '../common/fields';
import { OrderInvoiceCard } from '../invoices/OrderInvoiceCard';
import { StaleEditAlert } from '../layout/StaleEditAlert';
import { DeleteOrderButton } from './DeleteOrderButton';
import { CustomerCard } from './OrderCustomer';
import { History } from './OrderHistory';
import { ItemsTable, Totals } from './OrderItems';
import { PaymentCard } from './OrderPaymentPanel';
import type { OrderRecord } from './orderRecord';
import { StatusActions } from './OrderStatusPanel';
import { PackingSlipCard } from './PackingSlips';
import { ShipmentButton } from './ShipmentButton';

function OrderHeader() {
  const record = useRecordContext<OrderRecord>();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      {/* The order's name is the page's h1 (OrderTitle, drawn by the layout above the card). */}
      <StatusChip value={record.status} group="orderStatus" size="medium" />
      <Typography color="text.secondary">{dateTime(record.createdAt)}</Typography>
    </Box>
  );
}

export function OrderForm() {
  const record = useRecordContext<OrderRecord & { placedBy?: { id: number; name: string } | null }>();
  const translate = useTranslate();
  if (!record) return null;
  const placedBy = record.placedBy;
  return (
    <Box sx={{ maxWidth: '80em', minWidth: 0, '& .MuiTypography-root': { overflowWrap: 'anywhere' } }}>
      <Card>
        <CardContent>
          <OrderHeader />
          {record.status === 'awaiting_approval' && (
            // A company's buyer ordered above their limit: the company's owner decides, not staff
            // (the server offers staff only the cancellation).
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('app.orders.awaitingApproval')}
              {placedBy && ` ${translate('app.orders.placedBy', { name: placedBy.name })}`}
            </Alert>
          )}
          {record.withdrawnAt && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {translate('app.orders.withdrawn', { date: dateTime(record.withdrawnAt) })}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, gap: 3 }}>
            <Box sx={{ minWidth: 0 }}>
              <CustomerCard />
              {record.note && (
                <Box sx={{ mt: 2 }}>
                  <Labeled label="resources.orders.fields.note">
                    <Typography variant="body2">{record.note}</Typography>
                  </Labeled>
                </Box>
              )}
              <Divider sx={{ my: 2 }} />
              <Typography variant="h6" component="h2" gutterBottom>
                {translate('app.orders.items')}
              </Typography>
              <ItemsTable />
              <Totals />
              <Divider sx={{ my: 2 }} />
              <Typography variant="h6" component="h2" gutterBottom>
                {translate('app.orders.history')}
              </Typography>
              <History />
            </Box>
            <Box sx={{ minWidth: 0 }}>
              {/* One form: a status move saves the tracking number and note typed here with it. */}
              <Form warnWhenUnsavedChanges>
                <Stack spacing={2}>
                  <StaleEditAlert />
                  <StatusActions />
                  <ShipmentButton />
                  <PackingSlipCard />
                  <Card variant="outlined">
                    <CardContent>
                      <TextInput source="trackingNumber" fullWidth />
                      <TextInput source="staffNote" fullWidth multiline minRows={3} />
                    </CardContent>
                    {/* Not react-admin's Toolbar: on a phone that one is fixed over the page. */}
                    <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, pb: 2 }}>
                      <SaveButton label="app.orders.saveDetails" />
                    </Box>
                  </Card>
                  <PaymentCard />
                  <OrderInvoiceCard />
                  <DeleteOrderButton />
                </Stack>
              </Form>
            </Box>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
