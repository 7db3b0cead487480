import ProductIcon from '@mui/icons-material/Inventory2';
import { ProductCreate, ProductEdit } from './ProductEdit';
import { ProductList } from './ProductList';

export default {
  list: ProductList,
  edit: ProductEdit,
  create: ProductCreate,
  icon: ProductIcon,
  recordRepresentation: 'name',
};
