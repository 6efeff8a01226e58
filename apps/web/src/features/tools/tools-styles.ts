import { adoptStyles } from '../../lib/adopt-styles';
import css from './tools.css?inline';

// Loaded with the tool pages and the sidebar, never with the landing route.
adoptStyles('quire-tools-styles', css);
