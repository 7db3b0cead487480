// Small shared fields: money in bg-BG in the amount's own currency, dates in bg-BG, chips for statuses.
import { Chip, Link, useMediaQuery, type ChipProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { useCreatePath, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatMoney, isCurrency, type Currency } from '@domain/money';
import { currentShopMoney, useShopMoney } from './shopCurrency';
import { SHOP_TIME_ZONE } from '@domain/dates';
import { SMALL_SCREEN_PX } from '../layout/constants';

/** An amount in its currency (an order's or payment's own; the shop's by default). */
export function money(value: unknown, currency?: Currency | string | null): string {
  const n = typeof value === 'number' ? value : Number(value);
  return value === null || value === undefined || value === '' || Number.isNaN(n)
    ? '—'
    : formatMoney(n, isCurrency(currency) ? currency : currentShopMoney().currency);
}

const sofiaParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function partsOf(value: unknown): Record<string, string> | null {
  if (!value) return null;
  const d = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(d.getTime())) return null;
  return Object.fromEntries(sofiaParts.formatToParts(d).map((x) => [x.type, x.value]));
}

/** "23.11.2026 14:05", Sofia time, whatever the browser's language. */
export function dateTime(value: unknown): string {
  const p = partsOf(value);
  return p ? `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}` : value ? String(value) : '—';
}

/** "23.11.2026", the shop's day, whatever the browser's language. */
export function date(value: unknown): string {
  const p = partsOf(value);
  return p ? `${p.day}.${p.month}.${p.year}` : value ? String(value) : '—';
}

function valueAt(record: Record<string, any> | undefined, source: string): unknown {
  return source.split('.').reduce<any>((o, k) => (o == null ? o : o[k]), record);
}

/** A date and time field for lists: dd.mm.yyyy HH:mm. */
export function DateTimeField({ source }: { source: string; label?: string; sortable?: boolean; sortBy?: string }) {
  const record = useRecordContext();
  if (!record) return null;
  return <span style={{ whiteSpace: 'nowrap' }}>{dateTime(valueAt(record, source))}</span>;
}

/** A date field for lists: dd.mm.yyyy. */
export function DateOnlyField({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  if (!record) return null;
  return <span style={{ whiteSpace: 'nowrap' }}>{date(valueAt(record, source))}</span>;
}

/** A money field for Datagrid/SimpleShowLayout, bg-BG, in the record's own currency (orders,
 *  payments) or else the shop's. */
export function MoneyField({ source }: { source: string; label?: string; sortable?: boolean; textAlign?: 'right' | 'left' }) {
  const record = useRecordContext();
  const shop = useShopMoney();
  if (!record) return null;
  const value = source.split('.').reduce<any>((o, k) => (o == null ? o : o[k]), record);
  return <span style={{ whiteSpace: 'nowrap' }}>{money(value, isCurrency(record.currency) ? record.currency : shop.currency)}</span>;
}

const ORDER_COLORS: Record<string, ChipProps['color']> = {
  awaiting_approval: 'secondary',
  pending: 'warning',
  confirmed: 'info',
  shipped: 'primary',
  delivered: 'success',
  cancelled: 'default',
  returned: 'error',
  unpaid: 'warning',
  paid: 'success',
  refunded: 'default',
  failed: 'error',
  draft: 'default',
  active: 'success',
  archived: 'warning',
  admin: 'secondary',
  customer: 'default',
};

/** A translated status chip: `app.<group>.<value>`. */
export function StatusChip({
  value,
  group,
  size = 'small',
}: {
  value: string | null | undefined;
  group: string;
  size?: ChipProps['size'];
}) {
  const translate = useTranslate();
  if (!value) return null;
  return <Chip size={size} color={ORDER_COLORS[value] ?? 'default'} label={translate(`app.${group}.${value}`, { _: value })} />;
}

/** StatusChip reading `source` from the record context. */
export function StatusChipField({ source, group }: { source: string; group: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  return <StatusChip value={record?.[source]} group={group} />;
}

/** Room for every column of a list beside the menu and the filter sidebar (as the demo picks them). */
export function useIsWide() {
  return useMediaQuery<Theme>('(min-width:1600px)');
}

export function useIsSmall() {
  return useMediaQuery<Theme>(`(max-width:${SMALL_SCREEN_PX - 1}px)`);
}

/** Choices for a SelectInput from a list of values, labelled by `app.<group>.<value>`. */
export function choicesOf(values: readonly string[], group: string) {
  return values.map((id) => ({ id, name: `app.${group}.${id}` }));
}

/**
 * The row's record as a real link (its number or name): a list's row opens on a click anywhere,
 * and by keyboard through this link (Tab, Enter), which a screen reader lists too.
 */
export function RecordLink({ children, type = 'edit' }: { children: ReactNode; type?: 'edit' | 'show' }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const createPath = useCreatePath();
  if (!record || !resource) return <>{children}</>;
  return (
    <Link
      component={RouterLink}
      to={createPath({ resource, id: record.id, type })}
      onClick={(e) => e.stopPropagation()}
      sx={{ fontWeight: 'inherit' }}
    >
      {children}
    </Link>
  );
}

/** A list column whose value links to its record (see RecordLink). */
export function RecordLinkField({
  source,
  type,
  render,
}: {
  source: string;
  label?: string;
  sortable?: boolean;
  sortBy?: string;
  type?: 'edit' | 'show';
  render?: (record: any) => ReactNode;
}) {
  const record = useRecordContext();
  if (!record) return null;
  return <RecordLink type={type}>{render ? render(record) : String(valueAt(record, source) ?? '')}</RecordLink>;
}
