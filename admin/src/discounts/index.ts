import DiscountIcon from '@mui/icons-material/LocalOffer';
import { lazyPage } from '../common/lazyPage';

const DiscountCreate = lazyPage(() => import('./DiscountList'), 'DiscountCreate');
const DiscountEdit = lazyPage(() => import('./DiscountList'), 'DiscountEdit');
const DiscountList = lazyPage(() => import('./DiscountList'), 'DiscountList');

export default {
  list: DiscountList,
  edit: DiscountEdit,
  create: DiscountCreate,
  icon: DiscountIcon,
  recordRepresentation: 'code',
};
