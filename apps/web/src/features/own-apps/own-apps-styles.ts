import { adoptStyles } from '../../lib/adopt-styles';
import css from './own-apps.css?inline';

// Loaded with the own applications' pages only.
adoptStyles('quire-own-apps-styles', css);
