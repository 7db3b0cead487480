import ProductIcon from '@mui/icons-material/Inventory2';
import { lazyPage } from '../common/lazyPage';

const ProductCreate = lazyPage(() => import('./ProductEdit'), 'ProductCreate');
const ProductEdit = lazyPage(() => import('./ProductEdit'), 'ProductEdit');
const ProductList = lazyPage(() => import('./ProductList'), 'ProductList');

export default {
  list: ProductList,
  edit: ProductEdit,
  create: ProductCreate,
  icon: ProductIcon,
  recordRepresentation: 'name',
};
