// The staff's administrator panel: react-admin on the shop's API, Bulgarian by default.
import { Admin, CustomRoutes, Resource } from 'react-admin';
import auditLog from './audit-log';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import admins from './admins';
import { authProvider } from './authProvider';
import categories from './categories';
import contactMessages from './contact-messages';
import customers from './customers';
import inventory from './inventory';
import stockMovements from './stock-movements';
import { dataProvider } from './dataProvider';
import discounts from './discounts';
import { i18nProvider } from './i18nProvider';
import { Layout } from './layout/Layout';
import { darkTheme, lightTheme } from './layout/themes';
import { LoginPage } from './LoginPage';
import orders from './orders';
import payments from './payments';
import products from './products';
import users from './users';
import invoices from './invoices';
import flavourLists from './flavour-lists';
import priceLists from './price-lists';
import receivables from './receivables';
import companies from './companies';
import quoteRequests from './quote-requests';
import bankStatements from './bank-statements';
import { lazyPage } from './common/lazyPage';

const Dashboard = lazyPage(() => import('./dashboard/Dashboard'), 'Dashboard');
const AnalysisPage = lazyPage(() => import('./analysis/AnalysisPage'), 'AnalysisPage');
const SettingsPage = lazyPage(() => import('./settings/SettingsPage'), 'SettingsPage');

export function App() {
  return (
    <Admin
      basename="/admin"
      title="Административен панел"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={Layout}
      dashboard={Dashboard}
      loginPage={LoginPage}
      theme={lightTheme}
      darkTheme={darkTheme}

      disableTelemetry
    >
      <Resource name="orders" {...orders} />
      <Resource name="products" {...products} />
      <Resource name="categories" {...categories} />
      <Resource name="users" {...users} />
      <Resource name="admins" {...admins} />
      <Resource name="payments" {...payments} />
      <Resource name="invoices" {...invoices} />
      <Resource name="discounts" {...discounts} />
      <Resource name="contact-messages" {...contactMessages} />
      <Resource name="notifications" />
      <Resource name="audit-log" {...auditLog} />
      <Resource name="customers" {...customers} />
      <Resource name="inventory" {...inventory} />
      <Resource name="stock-movements" {...stockMovements} />
      <Resource name="flavour-lists" {...flavourLists} />
      <Resource name="price-lists" {...priceLists} />
      <Resource name="receivables" {...receivables} />
      <Resource name="companies" {...companies} />
      <Resource name="quote-requests" {...quoteRequests} />
      <Resource name="bank-statements" {...bankStatements} />
      <CustomRoutes>
        <Route path="/analysis" element={<AnalysisPage />} />
        <Route path="/settings/*" element={<SettingsPage />} />
      </CustomRoutes>
    </Admin>
  );
}

/** Real /admin/... paths (the server's SPA fallback serves them), as react-admin's docs mount an
 * admin under a sub-path; without a router of its own react-admin would use a HashRouter. */
export function Root() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<App />} />
      </Routes>
    </BrowserRouter>
  );
}
