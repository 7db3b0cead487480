// "Дублирай": a draft copy of the saved product (new slug and SKUs, no stock) made by the server
// in one go; the copy's edit page opens.
import { useState } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Button, useDataProvider, useNotify, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import type { ShopDataProvider } from '../dataProvider';
import { errorMessage } from '../httpClient';

export function DuplicateProductButton() {
  const record = useRecordContext();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const duplicate = async () => {
    setBusy(true);
    try {
      const copy = await dataProvider.duplicateProduct(record.id);
      notify(copy.message ?? translate('app.products.duplicated'), { type: 'success' });
      redirect('edit', 'products', copy.id);
    } catch (error) {
      notify(errorMessage(error, translate('app.products.duplicateFailed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="app.products.duplicate" onClick={duplicate} disabled={busy}>
      <ContentCopyIcon />
    </Button>
  );
}
