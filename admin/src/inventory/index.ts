import InventoryIcon from '@mui/icons-material/Warehouse';
import { lazyPage } from '../common/lazyPage';

const InventoryList = lazyPage(() => import('./InventoryList'), 'InventoryList');

export default {
  list: InventoryList,
  icon: InventoryIcon,
  recordRepresentation: (r: { productName: string; variantName: string }) => `${r.productName} ${r.variantName}`,
};
