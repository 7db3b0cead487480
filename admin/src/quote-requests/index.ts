import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { lazyPage } from '../common/lazyPage';

const QuoteRequestEdit = lazyPage(() => import('./QuoteRequests'), 'QuoteRequestEdit');
const QuoteRequestList = lazyPage(() => import('./QuoteRequests'), 'QuoteRequestList');

export default {
  list: QuoteRequestList,
  edit: QuoteRequestEdit,
  icon: RequestQuoteIcon,
  recordRepresentation: 'number',
};
