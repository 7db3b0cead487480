import UserIcon from '@mui/icons-material/People';
import { UserCreate, UserEdit } from './UserEdit';
import { UserList } from './UserList';

export default {
  list: UserList,
  edit: UserEdit,
  create: UserCreate,
  icon: UserIcon,
  recordRepresentation: (r: { firstName?: string; lastName?: string; email: string }) => [r.firstName, r.lastName].filter(Boolean).join(' ') || r.email,
};
