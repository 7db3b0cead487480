import DiscountIcon from '@mui/icons-material/LocalOffer';
import { DiscountCreate, DiscountEdit, DiscountList } from './DiscountList';

export default {
  list: DiscountList,
  edit: DiscountEdit,
  create: DiscountCreate,
  icon: DiscountIcon,
  recordRepresentation: 'code',
};
