import CustomerIcon from '@mui/icons-material/PersonSearch';
import { lazyPage } from '../common/lazyPage';

const CustomerList = lazyPage(() => import('./CustomerList'), 'CustomerList');

export default {
  list: CustomerList,
  icon: CustomerIcon,
  recordRepresentation: (c: { firstName?: string; lastName?: string; email: string }) => [c.firstName, c.lastName].filter(Boolean).join(' ') || c.email,
};
