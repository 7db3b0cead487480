import AdminIcon from '@mui/icons-material/AdminPanelSettings';
import { AdminCreate, AdminList } from './AdminList';

export default {
  list: AdminList,
  create: AdminCreate,
  icon: AdminIcon,
  recordRepresentation: 'email',
};
