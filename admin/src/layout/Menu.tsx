// The panel's ten main entries, in their fixed order, with their Bulgarian labels.
import QuoteIcon from '@mui/icons-material/RequestQuote';
import CompanyIcon from '@mui/icons-material/Storefront';
import AnalyticsIcon from '@mui/icons-material/Analytics';
import CategoryIcon from '@mui/icons-material/Category';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DiscountIcon from '@mui/icons-material/LocalOffer';
import InventoryIcon from '@mui/icons-material/Inventory2';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import SettingsIcon from '@mui/icons-material/Settings';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import AdminIcon from '@mui/icons-material/AdminPanelSettings';
import InvoiceIcon from '@mui/icons-material/ReceiptLong';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import FlavourIcon from '@mui/icons-material/LocalDrink';
import PriceListIcon from '@mui/icons-material/RequestQuote';
import ReceivablesIcon from '@mui/icons-material/AccountBalanceWallet';
import BankStatementIcon from '@mui/icons-material/AccountBalance';
import { Divider } from '@mui/material';
import type { SvgIconComponent } from '@mui/icons-material';
import { Menu as RaMenu, useBasename } from 'react-admin';

export interface MenuEntry {
  to: string;
  labelKey: string;
  icon: SvgIconComponent;
}

/** `to` is relative to the /admin basename. */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  { to: '/', labelKey: 'app.menu.dashboard', icon: DashboardIcon },
  { to: '/orders', labelKey: 'app.menu.orders', icon: ShoppingCartIcon },
  { to: '/products', labelKey: 'app.menu.products', icon: InventoryIcon },
  { to: '/categories', labelKey: 'app.menu.categories', icon: CategoryIcon },
  { to: '/users', labelKey: 'app.menu.users', icon: PeopleIcon },
  { to: '/analysis', labelKey: 'app.menu.analysis', icon: AnalyticsIcon },
  { to: '/admins', labelKey: 'app.menu.admins', icon: AdminIcon },
  { to: '/payments', labelKey: 'app.menu.payments', icon: PaymentsIcon },
  { to: '/discounts', labelKey: 'app.menu.discounts', icon: DiscountIcon },
  { to: '/settings', labelKey: 'app.menu.settings', icon: SettingsIcon },
];

/** The day's work beyond the ten main entries, below them: everyone who bought, stock at a glance, invoices. */
export const WORK_ENTRIES: readonly MenuEntry[] = [
  { to: '/customers', labelKey: 'app.menu.customers', icon: PersonSearchIcon },
  { to: '/companies', labelKey: 'app.menu.companies', icon: CompanyIcon },
  { to: '/quote-requests', labelKey: 'app.menu.quoteRequests', icon: QuoteIcon },
  { to: '/inventory', labelKey: 'app.menu.inventory', icon: WarehouseIcon },
  { to: '/flavour-lists', labelKey: 'app.menu.flavourLists', icon: FlavourIcon },
  { to: '/price-lists', labelKey: 'app.menu.priceLists', icon: PriceListIcon },
  { to: '/invoices', labelKey: 'app.menu.invoices', icon: InvoiceIcon },
  { to: '/receivables', labelKey: 'app.menu.receivables', icon: ReceivablesIcon },
  { to: '/bank-statements', labelKey: 'app.menu.bankStatements', icon: BankStatementIcon },
];

export function Menu() {
  // The routes live under the /admin basename; react-admin's Menu.Item takes absolute paths.
  const basename = useBasename();
  return (
    <RaMenu>
      {MENU_ENTRIES.map(({ to, labelKey, icon: Icon }) =>
        to === '/' ? (
          <RaMenu.DashboardItem key={to} primaryText={labelKey} leftIcon={<Icon />} />
        ) : (
          <RaMenu.Item key={to} to={`${basename}${to}`} primaryText={labelKey} leftIcon={<Icon />} />
        ),
      )}
      <Divider sx={{ my: 1 }} />
      {WORK_ENTRIES.map(({ to, labelKey, icon: Icon }) => (
        <RaMenu.Item key={to} to={`${basename}${to}`} primaryText={labelKey} leftIcon={<Icon />} />
      ))}
    </RaMenu>
  );
}
