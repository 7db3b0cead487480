import OrderIcon from '@mui/icons-material/ShoppingCart';
import { OrderCreate } from './OrderCreate';
import { OrderEdit } from './OrderEdit';
import { OrderList } from './OrderList';

export default {
  list: OrderList,
  edit: OrderEdit,
  create: OrderCreate,
  icon: OrderIcon,
  recordRepresentation: 'number',
};
