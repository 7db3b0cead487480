import AdminIcon from '@mui/icons-material/AdminPanelSettings';
import { lazyPage } from '../common/lazyPage';

const AdminCreate = lazyPage(() => import('./AdminList'), 'AdminCreate');
const AdminList = lazyPage(() => import('./AdminList'), 'AdminList');

export default {
  list: AdminList,
  create: AdminCreate,
  icon: AdminIcon,
  recordRepresentation: 'email',
};
