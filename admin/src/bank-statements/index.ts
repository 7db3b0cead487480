import BankStatementIcon from '@mui/icons-material/AccountBalance';
import type { RaRecord } from 'react-admin';
import { lazyPage } from '../common/lazyPage';

const BankStatementList = lazyPage(() => import('./BankStatementList'), 'BankStatementList');
const BankStatementUpload = lazyPage(() => import('./BankStatementUpload'), 'BankStatementUpload');
const BankStatementShow = lazyPage(() => import('./BankStatementShow'), 'BankStatementShow');

export default {
  list: BankStatementList,
  create: BankStatementUpload,
  show: BankStatementShow,
  icon: BankStatementIcon,
  recordRepresentation: (r: RaRecord) => r.fileName || `№ ${r.id}`,
};
