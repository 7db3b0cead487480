import PaymentIcon from '@mui/icons-material/Payments';
import type { RaRecord } from 'react-admin';
import { lazyPage } from '../common/lazyPage';

const PaymentList = lazyPage(() => import('./PaymentList'), 'PaymentList');
const PaymentShow = lazyPage(() => import('./PaymentShow'), 'PaymentShow');
const PaymentCreate = lazyPage(() => import('./PaymentCreate'), 'PaymentCreate');

export default {
  list: PaymentList,
  show: PaymentShow,
  create: PaymentCreate,
  icon: PaymentIcon,
  // Money received from a payer has no order: its number names it.
  recordRepresentation: (r: RaRecord) => r.orderNumber ?? `№ ${r.id}`,
};
