import StoreIcon from '@mui/icons-material/Storefront';
import { lazyPage } from '../common/lazyPage';

const CompanyEdit = lazyPage(() => import('./Companies'), 'CompanyEdit');
const CompanyList = lazyPage(() => import('./Companies'), 'CompanyList');

export default {
  list: CompanyList,
  edit: CompanyEdit,
  icon: StoreIcon,
  recordRepresentation: 'name',
};
