import MailIcon from '@mui/icons-material/Mail';
import { ContactMessageList, ContactMessageShow } from './ContactMessages';

export default {
  list: ContactMessageList,
  show: ContactMessageShow,
  icon: MailIcon,
  recordRepresentation: 'name',
};
