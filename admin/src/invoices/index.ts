import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import { InvoiceList } from './InvoiceList';

export default {
  list: InvoiceList,
  icon: ReceiptIcon,
  recordRepresentation: 'number',
};
