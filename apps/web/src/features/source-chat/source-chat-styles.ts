import { adoptStyles } from '../../lib/adopt-styles';
import css from './source-chat.css?inline';

// Evaluated with the source chat chunk, before it renders: nothing of it on the landing route.
adoptStyles('quire-source-chat-styles', css);
