import UserIcon from '@mui/icons-material/People';
import { lazyPage } from '../common/lazyPage';

const UserCreate = lazyPage(() => import('./UserEdit'), 'UserCreate');
const UserEdit = lazyPage(() => import('./UserEdit'), 'UserEdit');
const UserList = lazyPage(() => import('./UserList'), 'UserList');

export default {
  list: UserList,
  edit: UserEdit,
  create: UserCreate,
  icon: UserIcon,
  recordRepresentation: (r: { firstName?: string; lastName?: string; email: string }) =>
    [r.firstName, r.lastName].filter(Boolean).join(' ') || r.email,
};
