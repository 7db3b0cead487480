// Breadcrumbs from the path: Табло › Поръчки › VS-10012. A record's crumb uses the record's
// representation (e.g. the order number) when react-admin has it in its cache.
import { Breadcrumbs as MuiBreadcrumbs, Link, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useEffect } from 'react';

const SECTION_KEYS: Record<string, string> = {
  orders: 'app.menu.orders',
  products: 'app.menu.products',
  categories: 'app.menu.categories',
  users: 'app.menu.users',
  analysis: 'app.menu.analysis',
  admins: 'app.menu.admins',
  payments: 'app.menu.payments',
  invoices: 'app.menu.invoices',
  discounts: 'app.menu.discounts',
  settings: 'app.menu.settings',
  'contact-messages': 'app.menu.contactMessages',
  notifications: 'app.menu.notifications',
  'audit-log': 'app.settings.auditLog',
  customers: 'app.menu.customers',
  inventory: 'app.menu.inventory',
  'stock-movements': 'app.menu.stockMovements',
  'flavour-lists': 'app.menu.flavourLists',
  'price-lists': 'app.menu.priceLists',
  receivables: 'app.menu.receivables',
  companies: 'app.menu.companies',
  'quote-requests': 'app.menu.quoteRequests',
  'bank-statements': 'app.menu.bankStatements',
};

/** The tab's title: the page's crumbs from the most specific, then the panel's name. */
export function pageTitle(crumbs: Crumb[], brand = 'VAP SOLO Админ'): string {
  const parts =
    crumbs.length > 1
      ? crumbs
          .slice(1)
          .reverse()
          .map((c) => c.label)
      : [crumbs[0]?.label].filter(Boolean);
  return [...parts, brand].join(' | ');
}

/** From this width the crumbs sit in the app bar; below it, on a line of their own over the page. */
export function useCrumbsInBar() {
  return useMediaQuery<Theme>((theme) => theme.breakpoints.up('md'));
}

/** Keeps document.title in step with the page ("Поръчки | VAP SOLO Админ"). */
export function useDocumentTitle() {
  const location = useLocation();
  const translate = useTranslate();
  const t = (key: string) => translate(key, { _: key.split('.').pop() });
  const sectionLabel = (s: string) => (SECTION_KEYS[s] ? translate(SECTION_KEYS[s]) : t(`app.menu.${s}`));
  const segments = location.pathname
    .replace(/^\/admin(?=\/|$)/, '')
    .split('/')
    .filter(Boolean);
  const represent = segments[0] in REPRESENT ? REPRESENT[segments[0]] : undefined;
  const recordId = segments[1] && segments[1] !== 'create' && segments[0] !== 'settings' ? decodeURIComponent(segments[1]) : '';
  const { data } = useGetOne(segments[0] ?? 'orders', { id: recordId }, { enabled: Boolean(represent && recordId), retry: false });
  const title = pageTitle(
    crumbsFor(location.pathname, sectionLabel, (_r, id) => (data && represent?.(data)) || id, t),
    translate('app.tabTitle'),
  );
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export interface Crumb {
  label: string;
  to: string;
}

/** Pure: the crumbs of a path (relative to /admin), given how to name sections and records. */
export function crumbsFor(
  pathname: string,
  sectionLabel: (segment: string) => string,
  recordLabel: (resource: string, id: string) => string | undefined,
  t: (key: string) => string,
): Crumb[] {
  const segments = pathname
    .replace(/^\/admin(?=\/|$)/, '')
    .split('/')
    .filter(Boolean);
  const crumbs: Crumb[] = [{ label: t('app.menu.dashboard'), to: '/admin' }];
  let to = '/admin';
  segments.forEach((segment, i) => {
    to += `/${segment}`;
    if (i === 0) {
      crumbs.push({ label: sectionLabel(segment), to });
    } else if (segment === 'create') {
      crumbs.push({ label: t('app.breadcrumbs.create'), to });
    } else if (segment === 'show') {
      crumbs.push({ label: t('app.breadcrumbs.show'), to });
    } else if (i === 1) {
      crumbs.push({ label: recordLabel(segments[0], decodeURIComponent(segment)) ?? decodeURIComponent(segment), to });
    } else {
      // A form's tab (…/variants): the tab's own name.
      crumbs.push({ label: t(`app.${segments[0]}.${segment}`), to });
    }
  });
  return crumbs;
}

const REPRESENT: Record<string, (r: any) => string | undefined> = {
  orders: (r) => r.number,
  products: (r) => r.name,
  categories: (r) => r.name,
  users: (r) => r.email,
  admins: (r) => r.email,
  // Money received from a payer has no order: its number names it.
  payments: (r) => r.orderNumber ?? (r.id ? `№ ${r.id}` : undefined),
  discounts: (r) => r.code,
  'contact-messages': (r) => r.name,
  'flavour-lists': (r) => r.name,
  companies: (r) => r.name,
  'quote-requests': (r) => r.number,
  'bank-statements': (r) => r.fileName,
};

/** A record's crumb: its representation once known (from react-admin's cache or one fetch). */
function RecordCrumb({ resource, id }: { resource: string; id: string }) {
  const represent = REPRESENT[resource];
  const { data } = useGetOne(resource, { id }, { enabled: Boolean(represent) && id !== '', retry: false });
  return <>{(data && represent?.(data)) || id}</>;
}

export function Breadcrumbs() {
  const location = useLocation();
  const translate = useTranslate();
  const t = (key: string) => translate(key, { _: key.split('.').pop() });
  const sectionLabel = (s: string) => (SECTION_KEYS[s] ? translate(SECTION_KEYS[s]) : s);
  // Records are named by RecordCrumb below; the pure function leaves their id in place.
  const crumbs = crumbsFor(location.pathname, sectionLabel, () => undefined, t);
  const segments = location.pathname
    .replace(/^\/admin(?=\/|$)/, '')
    .split('/')
    .filter(Boolean);
  const labelOf = (c: Crumb, i: number) =>
    i === 2 && REPRESENT[segments[0]] && segments[1] !== 'create' && segments[0] !== 'settings' ? (
      <RecordCrumb resource={segments[0]} id={decodeURIComponent(segments[1])} />
    ) : (
      c.label
    );
  return (
    <MuiBreadcrumbs
      separator="›"
      aria-label={translate('app.breadcrumbs.label')}
      sx={{ color: 'inherit', '& .MuiBreadcrumbs-separator': { color: 'inherit' } }}
    >
      {crumbs.map((c, i) =>
        i === crumbs.length - 1 ? (
          <Typography key={c.to} color="inherit" variant="subtitle1" noWrap>
            {labelOf(c, i)}
          </Typography>
        ) : (
          <Link key={c.to} component={RouterLink} to={c.to} color="inherit" underline="hover" variant="subtitle1" noWrap>
            {labelOf(c, i)}
          </Link>
        ),
      )}
    </MuiBreadcrumbs>
  );
}
