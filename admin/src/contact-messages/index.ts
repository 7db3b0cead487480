import MailIcon from '@mui/icons-material/Mail';
import { lazyPage } from '../common/lazyPage';

const ContactMessageList = lazyPage(() => import('./ContactMessages'), 'ContactMessageList');
const ContactMessageShow = lazyPage(() => import('./ContactMessages'), 'ContactMessageShow');

export default {
  list: ContactMessageList,
  show: ContactMessageShow,
  icon: MailIcon,
  recordRepresentation: 'name',
};
