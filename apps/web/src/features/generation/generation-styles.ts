import { adoptStyles } from '../../lib/adopt-styles';
import css from './generation.css?inline';

// Evaluated with the writing tools' chunk, before they render: nothing of it on the landing route.
adoptStyles('quire-generation-styles', css);
