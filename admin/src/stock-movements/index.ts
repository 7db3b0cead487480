import HistoryIcon from '@mui/icons-material/ManageHistory';
import { lazyPage } from '../common/lazyPage';

const StockMovementList = lazyPage(() => import('./StockMovements'), 'StockMovementList');

export default {
  list: StockMovementList,
  icon: HistoryIcon,
};
