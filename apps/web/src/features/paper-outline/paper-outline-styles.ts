import { adoptStyles } from '../../lib/adopt-styles';
import css from './paper-outline.css?inline';

// Evaluated with the chunk that shows an outline, before it renders: nothing of it on the landing route.
adoptStyles('quire-paper-outline-styles', css);
