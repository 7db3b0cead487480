import ReceivablesIcon from '@mui/icons-material/AccountBalanceWallet';
import { lazyPage } from '../common/lazyPage';

const ReceivableList = lazyPage(() => import('./ReceivableList'), 'ReceivableList');

export default {
  list: ReceivableList,
  icon: ReceivablesIcon,
  recordRepresentation: 'companyName',
};
