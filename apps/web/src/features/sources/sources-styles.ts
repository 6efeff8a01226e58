import { adoptStyles } from '../../lib/adopt-styles';
import css from './sources.css?inline';

// Evaluated with the sources chunk, before its components render: no unstyled flash, nothing on the landing route.
adoptStyles('quire-sources-styles', css);
