import PriceListIcon from '@mui/icons-material/RequestQuote';
import { lazyPage } from '../common/lazyPage';

const PriceListCreate = lazyPage(() => import('./PriceLists'), 'PriceListCreate');
const PriceListEdit = lazyPage(() => import('./PriceLists'), 'PriceListEdit');
const PriceListList = lazyPage(() => import('./PriceLists'), 'PriceListList');

export default {
  list: PriceListList,
  edit: PriceListEdit,
  create: PriceListCreate,
  icon: PriceListIcon,
  recordRepresentation: 'name',
};
