import OrderIcon from '@mui/icons-material/ShoppingCart';
import { lazyPage } from '../common/lazyPage';

const OrderCreate = lazyPage(() => import('./OrderCreate'), 'OrderCreate');
const OrderEdit = lazyPage(() => import('./OrderEdit'), 'OrderEdit');
const OrderList = lazyPage(() => import('./OrderList'), 'OrderList');

export default {
  list: OrderList,
  edit: OrderEdit,
  create: OrderCreate,
  icon: OrderIcon,
  recordRepresentation: 'number',
};
