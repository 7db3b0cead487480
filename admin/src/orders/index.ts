import OrderIcon from '@mui/icons-material/ShoppingCart';
import { OrderEdit } from './OrderEdit';
import { OrderList } from './OrderList';

export default {
  list: OrderList,
  edit: OrderEdit,
  icon: OrderIcon,
  recordRepresentation: 'number',
};
