import CustomerIcon from '@mui/icons-material/PersonSearch';
import { lazyPage } from '../common/lazyPage';

const CustomerList = lazyPage(() => import('./CustomerList'), 'CustomerList');
const CustomerShow = lazyPage(() => import('./CustomerShow'), 'CustomerShow');

export default {
  list: CustomerList,
  // The customer's page: read-only, at /admin/customers/<e-mail> (like an order's page).
  edit: CustomerShow,
  icon: CustomerIcon,
  recordRepresentation: (c: { firstName?: string; lastName?: string; email: string }) =>
    [c.firstName, c.lastName].filter(Boolean).join(' ') || c.email,
};
