import CategoryIcon from '@mui/icons-material/Category';
import { lazyPage } from '../common/lazyPage';

const CategoryCreate = lazyPage(() => import('./CategoryEdit'), 'CategoryCreate');
const CategoryEdit = lazyPage(() => import('./CategoryEdit'), 'CategoryEdit');
const CategoryList = lazyPage(() => import('./CategoryList'), 'CategoryList');

export default {
  list: CategoryList,
  edit: CategoryEdit,
  create: CategoryCreate,
  icon: CategoryIcon,
  recordRepresentation: 'name',
};
