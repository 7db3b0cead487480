import PaymentIcon from '@mui/icons-material/Payments';
import { lazyPage } from '../common/lazyPage';

const PaymentList = lazyPage(() => import('./PaymentList'), 'PaymentList');

export default {
  list: PaymentList,
  icon: PaymentIcon,
  recordRepresentation: 'orderNumber',
};
