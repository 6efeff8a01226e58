import { adoptStyles } from '../../lib/adopt-styles';
import css from './cards.css?inline';

// Evaluated with the tool's chunk, before its components render: no unstyled flash, nothing on the landing route.
adoptStyles('quire-cards-styles', css);
