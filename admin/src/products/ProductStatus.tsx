// The product's status chip that is also a quick menu (PUT /api/products/:id/updateStatus), and
// the bulk status change for the selected rows.
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Button, Chip, Menu, MenuItem } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useDataProvider, useListContext, useNotify, useRecordContext, useRefresh, useTranslate, useUnselectAll } from 'react-admin';
import { PRODUCT_STATUSES, type ProductStatus } from '@domain/limits';
import type { ShopDataProvider } from '../dataProvider';
import { errorMessage } from '../httpClient';

const COLORS = { draft: 'default', active: 'success', archived: 'warning' } as const;

function useSetStatus() {
  const dataProvider = useDataProvider<ShopDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  return async (ids: readonly (string | number)[], status: ProductStatus) => {
    try {
      for (const id of ids) await dataProvider.updateProductStatus(id, status);
      notify('app.products.statusUpdated', { type: 'success', messageArgs: { status: translate(`app.productStatus.${status}`) } });
      return true;
    } catch (error) {
      notify(errorMessage(error, translate('app.products.statusFailed')), { type: 'error' });
      return false;
    } finally {
      refresh();
    }
  };
}

export function ProductStatusField(_: { label?: string; source?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const setStatus = useSetStatus();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!record) return null;
  const status = record.status as ProductStatus;
  const open = (e: MouseEvent<HTMLElement>) => {
    e.stopPropagation();
    setAnchor(e.currentTarget);
  };
  return (
    <>
      <Chip
        size="small"
        color={COLORS[status] ?? 'default'}
        label={translate(`app.productStatus.${status}`, { _: status })}
        onClick={open}
        onDelete={open}
        deleteIcon={<ArrowDropDownIcon />}
        // Its name starts with what it shows (WCAG 2.5.3), then what it does.
        aria-label={`${translate(`app.productStatus.${status}`, { _: status })}, ${translate('app.products.setStatus')}`}
      />
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} onClick={(e) => e.stopPropagation()}>
        {PRODUCT_STATUSES.map((s) => (
          <MenuItem
            key={s}
            selected={s === status}
            disabled={s === status}
            onClick={async () => {
              setAnchor(null);
              await setStatus([record.id], s);
            }}
          >
            {translate(`app.productStatus.${s}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export function BulkStatusButton() {
  const { selectedIds } = useListContext();
  const translate = useTranslate();
  const setStatus = useSetStatus();
  const unselectAll = useUnselectAll('products');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button size="small" onClick={(e) => setAnchor(e.currentTarget)} endIcon={<ArrowDropDownIcon />}>
        {translate('app.products.setStatus')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {PRODUCT_STATUSES.map((s) => (
          <MenuItem
            key={s}
            onClick={async () => {
              setAnchor(null);
              if (await setStatus(selectedIds, s)) unselectAll();
            }}
          >
            {translate(`app.productStatus.${s}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
