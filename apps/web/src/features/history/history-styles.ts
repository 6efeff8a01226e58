import { adoptStyles } from '../../lib/adopt-styles';
import css from './history.css?inline';

// Evaluated with the history's and the shared page's chunks, before they render: nothing on other routes.
adoptStyles('quire-history-styles', css);
