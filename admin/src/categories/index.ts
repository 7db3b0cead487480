import CategoryIcon from '@mui/icons-material/Category';
import { CategoryCreate, CategoryEdit } from './CategoryEdit';
import { CategoryList } from './CategoryList';

export default {
  list: CategoryList,
  edit: CategoryEdit,
  create: CategoryCreate,
  icon: CategoryIcon,
  recordRepresentation: 'name',
};
