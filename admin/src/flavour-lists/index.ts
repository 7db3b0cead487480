import FlavourIcon from '@mui/icons-material/LocalDrink';
import { lazyPage } from '../common/lazyPage';

const FlavourListCreate = lazyPage(() => import('./FlavourLists'), 'FlavourListCreate');
const FlavourListEdit = lazyPage(() => import('./FlavourLists'), 'FlavourListEdit');
const FlavourListList = lazyPage(() => import('./FlavourLists'), 'FlavourListList');

export default {
  list: FlavourListList,
  edit: FlavourListEdit,
  create: FlavourListCreate,
  icon: FlavourIcon,
  recordRepresentation: 'name',
};
